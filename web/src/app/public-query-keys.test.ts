import { describe, expect, it } from 'vitest';
import { listJobOpeningsQueryOptions } from '../features/careers/api/list-job-openings.ts';
import { listGalleryByServiceQueryOptions } from '../features/gallery/api/list-gallery-by-service.ts';
import { listServiceImagesQueryOptions } from '../features/gallery/api/list-service-images.ts';
import { getSliderImagesQueryOptions } from '../features/home/api/get-slider-images.ts';
import { getTestimonialsQueryOptions } from '../features/home/api/get-testimonials.ts';
import { getPricingQueryOptions } from '../features/pricing/api/get-pricing.ts';
import { getServiceQueryOptions } from '../features/services/api/get-service.ts';
import { getServicesQueryOptions } from '../features/services/api/get-services.ts';
import {
  galleryByServiceKey,
  jobOpeningsKey,
  pricingKey,
  serviceImagesOfKey,
  serviceKey,
  servicesKey,
  sliderImagesKey,
  testimonialsKey,
} from '../lib/public-query-keys.ts';

// The staff features invalidate the public reads through lib/public-query-keys.ts; the public
// features declare their keys where they read (not importing lib keeps them off the first load).
// Here, where both may be imported, they must say the same, or a staff change would leave a
// visitor's list stale.
describe('public query keys', () => {
  it("are the keys the public features read with, so a staff change reaches the visitor's lists", () => {
    const id = '01JD0SERV1CE00000000000001';
    expect(getServicesQueryOptions().queryKey).toEqual(servicesKey);
    expect(getServiceQueryOptions(id).queryKey).toEqual(serviceKey(id));
    expect(getPricingQueryOptions().queryKey).toEqual(pricingKey);
    expect(listServiceImagesQueryOptions(id).queryKey).toEqual(serviceImagesOfKey(id));
    expect(listGalleryByServiceQueryOptions().queryKey).toEqual(galleryByServiceKey);
    expect(getTestimonialsQueryOptions().queryKey).toEqual(testimonialsKey);
    expect(getSliderImagesQueryOptions().queryKey).toEqual(sliderImagesKey);
    expect(listJobOpeningsQueryOptions().queryKey).toEqual(jobOpeningsKey);
  });

  it('put an item under its list, so invalidating the list reaches the item', () => {
    expect(serviceKey('x').slice(0, servicesKey.length)).toEqual(servicesKey);
  });
});
