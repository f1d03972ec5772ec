/**
 * Every query key of the staff showcase (the before/after gallery and each service's images),
 * built here and nowhere else, from the widest to the narrowest: `showcaseKeys.serviceImages()`
 * every service's images, `showcaseKeys.serviceImagesOf(id)` one service's.
 */
export const showcaseKeys = {
  all: ['staff-showcase'] as const,
  services: () => [...showcaseKeys.all, 'services'] as const,
  galleryItems: () => [...showcaseKeys.all, 'gallery-items'] as const,
  serviceImages: () => [...showcaseKeys.all, 'service-images'] as const,
  serviceImagesOf: (serviceId: string) => [...showcaseKeys.serviceImages(), serviceId] as const,
};
