import { listTestimonials } from '../data/content.ts';
import type { RouteImpl } from '../lib/http.ts';

export const listTestimonialsRoute: RouteImpl<'listTestimonials'> = async () => listTestimonials();
