import { ulid } from 'ulid';
import { listTestimonials } from '../data/content.ts';
import { appendContent, deleteContent, reorderContent, updateContent } from '../data/content-admin.ts';
import { BadRequestError, NotFoundError } from '../lib/errors.ts';
import type { RouteImpl } from '../lib/http.ts';

const notFound = () => new NotFoundError('There is no testimonial with this id.');

export const createTestimonialRoute: RouteImpl<'createTestimonial'> = async ({ body }) => {
  const id = ulid();
  await appendContent('testimonial', id, { text: body.text, author: body.author, position: body.position ?? '' });
  return {
    testimonial: { id, text: body.text, author: body.author, position: body.position ?? '' },
    message: 'Testimonial added.',
  };
};

export const updateTestimonialRoute: RouteImpl<'updateTestimonial'> = async ({ params, body }) => {
  const fields = { text: body.text, author: body.author, position: body.position ?? '' };
  if (!(await updateContent('testimonial', params.id, fields))) throw notFound();
  return { testimonial: { id: params.id, ...fields }, message: 'Testimonial updated.' };
};

export const deleteTestimonialRoute: RouteImpl<'deleteTestimonial'> = async ({ params }) => {
  if (!(await deleteContent('testimonial', params.id))) throw notFound();
  return { id: params.id, message: 'Testimonial deleted.' };
};

export const reorderTestimonialsRoute: RouteImpl<'reorderTestimonials'> = async ({ body }) => {
  const { unknown, missing } = await reorderContent('testimonial', body.ids);
  if (unknown.length > 0 || missing.length > 0) {
    throw new BadRequestError('The request is not valid.', [
      {
        path: 'body.ids',
        message: unknown.length > 0 ? `unknown testimonials: ${unknown.join(', ')}` : 'must name every testimonial',
      },
    ]);
  }
  return { testimonials: await listTestimonials(), message: 'Testimonials reordered.' };
};
