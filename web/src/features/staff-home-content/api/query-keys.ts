/**
 * Every query key of the staff home-page content, built here and nowhere else: the slides (hero
 * and banner carousels) and the testimonials, each one list.
 */
export const homeContentKeys = {
  all: ['staff-home-content'] as const,
  slides: () => [...homeContentKeys.all, 'slides'] as const,
  testimonials: () => [...homeContentKeys.all, 'testimonials'] as const,
};
