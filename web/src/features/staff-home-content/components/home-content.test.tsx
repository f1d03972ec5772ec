import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SliderImage } from '@studio/shared/slider-image';
import type { Testimonial } from '@studio/shared/testimonial';
import { sliderImagesKey } from '../../../lib/public-query-keys.ts';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { fixtureId } from '../../../testing/service-fixtures.ts';
import { renderStaffScreen } from '../../../testing/staff-render.tsx';
import { HomeContentManager } from './home-content.tsx';

const slides: SliderImage[] = [1, 2, 3].map((n) => ({
  id: fixtureId(n, '01JD0S11DE000000000000'),
  imagePath: `/media/images/${fixtureId(n, '01JD0S11DE1MAGE0000000')}.png`,
}));
const testimonials: Testimonial[] = [
  { id: fixtureId(1, '01JD0TEST1M0N1A1000000'), text: 'Spotless.', author: 'Priya Raman', position: 'Head' },
  { id: fixtureId(2, '01JD0TEST1M0N1A1000000'), text: 'Fast.', author: 'Marco Bellini', position: '' },
];

function stubHome(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/slider-images': () => jsonResponse({ images: slides }),
    'GET /api/testimonials': () => jsonResponse(testimonials),
    ...extra,
  });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('HomeContentManager (staff-home-content)', () => {
  it('moves a slide up with its button, sending every id in the new order', async () => {
    const reordered = [slides[1]!, slides[0]!, slides[2]!];
    const { calls } = stubHome({
      'GET /api/slider-images': [() => jsonResponse({ images: slides }), () => jsonResponse({ images: reordered })],
      'PUT /api/slider-images/order': () => jsonResponse({ images: reordered, message: 'Slides reordered.' }),
    });
    const { queryClient } = renderStaffScreen(<HomeContentManager />);
    queryClient.setQueryData(sliderImagesKey, slides);
    await screen.findByRole('table', { name: 'Slides' }, { timeout: 3000 });
    expect(screen.getByRole('button', { name: 'Move slide 1 up' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move slide 2 up' }));
    expect(await screen.findByText('Slides reordered.')).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toEqual({
      ids: reordered.map((slide) => slide.id),
    });
    await waitFor(() => expect(queryClient.getQueryState(sliderImagesKey)?.isInvalidated).toBe(true));
  });

  it('asks for an image before adding a slide, and before deleting one', async () => {
    const { calls } = stubHome();
    renderStaffScreen(<HomeContentManager />);
    await screen.findByRole('table', { name: 'Slides' }, { timeout: 3000 });
    const slidesPanel = section('Slider and carousel images');
    fireEvent.click(within(slidesPanel).getByRole('button', { name: 'Add slide' }));
    expect((await within(slidesPanel).findByRole('alert')).textContent).toBe('Please select an image to upload.');
    fireEvent.click(within(slidesPanel).getAllByRole('button', { name: 'Delete' })[0]!);
    const ask = screen.getByRole('alertdialog', { name: 'Delete slide 1?' });
    expect(ask.textContent).toContain('Are you sure you want to delete this slide?');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('adds a testimonial once its required fields are filled, and edits one in a dialog', async () => {
    const added = { id: fixtureId(3, '01JD0TEST1M0N1A1000000'), text: 'Great.', author: 'Ann', position: '' };
    const { calls } = stubHome({
      'GET /api/testimonials': [
        () => jsonResponse(testimonials),
        () => jsonResponse([...testimonials, added]),
        () => jsonResponse([...testimonials, added]),
      ],
      'POST /api/testimonials': () => jsonResponse({ testimonial: added, message: 'Testimonial added.' }, 201),
      [`PUT /api/testimonials/${testimonials[1]!.id}`]: () =>
        jsonResponse({ testimonial: testimonials[1], message: 'Testimonial updated.' }),
    });
    renderStaffScreen(<HomeContentManager />);
    await screen.findByRole('table', { name: 'Testimonials' }, { timeout: 3000 });
    const panel = section('Testimonials');
    fireEvent.change(within(panel).getByLabelText('Testimonial *'), { target: { value: 'Great.' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add testimonial' }));
    expect(await within(panel).findByText('Author is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(panel).getByLabelText('Author *'), { target: { value: 'Ann' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Add testimonial' }));
    expect(await within(panel).findByText('Testimonial added.')).toBeTruthy();
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toEqual({
      text: 'Great.',
      author: 'Ann',
      position: '',
    });

    const marco = within(screen.getByRole('table', { name: 'Testimonials' }))
      .getAllByRole('row')
      .find((row) => row.textContent?.includes('Marco Bellini'))!;
    fireEvent.click(within(marco).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the testimonial by Marco Bellini' });
    fireEvent.change(within(dialog).getByLabelText('Position'), { target: { value: 'Photographer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Testimonial updated.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toEqual({
      text: 'Fast.',
      author: 'Marco Bellini',
      position: 'Photographer',
    });
  });
});
