/*
 * Query keys of the public site's reads that staff changes make stale (a new service on the home
 * page, a slide in the hero carousel). Features do not import each other, so the staff features
 * take these keys from here to invalidate them. The public features' own `api/` files declare the
 * same keys where they read: importing this module there would add it to the home page's first
 * load, so instead `app/public-query-keys.test.ts` checks that both say the same. Staff reads
 * have keys of their own (each staff feature's `api/query-keys.ts`), never one of these: they are
 * other requests (sent with the staff token, answered `no-store`).
 *
 * A key that names one item starts with its list's key, so invalidating the list reaches the
 * items too.
 */

/** `GET api/services`; {@link serviceKey} is `GET api/services/{id}`. */
export const servicesKey = ['services'] as const;
export const serviceKey = (id: string) => ['services', id] as const;
/** `GET api/pricing`: the pricing page's lines, built from the subservices' prices. */
export const pricingKey = ['pricing'] as const;
/** `GET api/carousal/service/{id}` pages: each service's image gallery. */
export const serviceImagesOfKey = (serviceId: string) => ['service-images', serviceId] as const;
/** `GET api/gallary/all-items2`: the portfolio's items grouped by service. */
export const galleryByServiceKey = ['gallery', 'by-service'] as const;
/** `GET api/testimonials`, `GET api/slider-images`: the home page's content. */
export const testimonialsKey = ['testimonials'] as const;
export const sliderImagesKey = ['slider-images'] as const;
/** `GET api/job-openings`: the careers page's active openings. */
export const jobOpeningsKey = ['job-openings'] as const;
