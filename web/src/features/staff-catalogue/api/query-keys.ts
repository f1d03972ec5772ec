/**
 * Every query key of the staff catalogue, built here and nowhere else, from the widest to the
 * narrowest. The catalogue is one read (every service with its subservices and prices), which
 * every screen of the feature shares.
 */
export const catalogueKeys = {
  all: ['staff-catalogue'] as const,
  services: () => [...catalogueKeys.all, 'services'] as const,
};
