import { useId, useState } from 'react';
import * as z from 'zod/mini';
import { adminTextLimits } from '@studio/shared/catalog-admin';
import { createSliderImageBodySchema, slideTextLimit } from '@studio/shared/content-admin';
import type { SliderImage } from '@studio/shared/slider-image';
import { useConfirmDelete } from '../../../components/use-confirm-delete.ts';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { Field, FormAlert, FormField } from '../../../components/form-field.tsx';
import {
  emptySlot,
  ImageUploadField,
  slotBusy,
  slotUrl,
  type ImageSlot,
} from '../../../components/image-upload-field.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateSlide } from '../api/create-slide.ts';
import { useDeleteSlide } from '../api/delete-slide.ts';
import { useSlides } from '../api/list-slides.ts';
import { useReorderSlides } from '../api/reorder-slides.ts';
import { moveEntry, orderedActionsColumn } from './reorder.tsx';
import '../../../components/staff-ui.css';

/**
 * `POST api/slider-images` as the form fills it: the picked image (or the spec's sentence for
 * none), and the slide's title and text over the picture on the home page, both optional.
 */
const newSlideSchema = z.extend(createSliderImageBodySchema, {
  imagePath: z.string({ error: 'Please select an image to upload.' }),
});

/** Slider images: the home page's hero carousel and banner carousel, in this order. */
export function SlidesPanel() {
  const headingId = useId();
  const slides = useSlides();
  const { notice, show, dismiss } = useTimedNotice();
  const [slot, setSlot] = useState<ImageSlot>(emptySlot);
  const create = useCreateSlide();
  const remove = useDeleteSlide();
  const reorder = useReorderSlides();
  const confirmDelete = useConfirmDelete();
  const form = useSchemaForm({
    schema: newSlideSchema,
    initialValues: { title: '', text: '' },
    labels: { title: 'Title', text: 'Text' },
    toBody: ({ title, text }) => ({ imagePath: slotUrl(slot), title, text }),
  });
  const add = form.handleSubmit(
    async (body) => {
      await create.mutateAsync(body);
      setSlot(emptySlot);
      form.reset();
      show({ kind: 'success', text: 'Slide added.' });
    },
    { failureText: 'Failed to add the slide.' },
  );

  const move = moveEntry(reorder, show, { done: 'Slides reordered.', failed: 'Failed to reorder the slides.' });

  async function askDelete(slide: SliderImage, number: number) {
    const deleted = await confirmDelete({
      title: `Delete slide ${number}?`,
      message: 'Are you sure you want to delete this slide?',
      action: () => remove.mutateAsync(slide.id),
      failureText: 'Failed to delete the slide.',
    });
    if (deleted) show({ kind: 'success', text: 'Slide deleted.' });
  }

  const columns = (list: readonly SliderImage[]): DataColumn<SliderImage>[] => [
    { id: 'number', header: 'Slide', rowHeader: true, width: '6rem', cell: (slide) => list.indexOf(slide) + 1 },
    {
      id: 'image',
      header: 'Image',
      width: '10rem',
      cell: (slide) => (
        <img
          className="image-thumb"
          src={slide.imagePath}
          alt={`Slide ${list.indexOf(slide) + 1}`}
          width={120}
          height={90}
        />
      ),
    },
    {
      id: 'copy',
      header: 'Title and text',
      cell: (slide) =>
        slide.title ? (
          <>
            <strong>{slide.title}</strong>
            {slide.text && <p className="staff-muted">{slide.text}</p>}
          </>
        ) : (
          <span className="staff-muted">Image only</span>
        ),
    },
    orderedActionsColumn(list, move, reorder.isPending, (slide, index) => ({
      name: `slide ${index + 1}`,
      actions: [{ label: 'Delete', tone: 'danger', onClick: () => void askDelete(slide, index + 1) }],
    })),
  ];

  return (
    <section className="staff-card staff-stack" aria-labelledby={headingId}>
      <h2 id={headingId}>Slider and carousel images</h2>
      <p className="staff-muted">
        These images are the home page&apos;s hero carousel and the banner carousel, in this order.
      </p>
      <Notice notice={notice} onDismiss={dismiss} />
      <form className="form staff-form" onSubmit={(event) => void add(event)} noValidate>
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <ImageUploadField label="New slide" slot={slot} onChange={setSlot} />
        <FormField
          label="Slide title"
          maxLength={adminTextLimits.title}
          hint="Shown over the picture, with the text below it, on the hero's first seven slides. The first slide keeps the site's own copy (Hair Masking, Try Us Free)."
          {...form.field('title')}
        />
        <Field label="Slide text" error={form.errors.text}>
          {(control) => <textarea {...control} rows={3} maxLength={slideTextLimit} {...form.control('text')} />}
        </Field>
        <FormActions label="Add slide" busyLabel="Adding..." submitting={form.submitting} disabled={slotBusy(slot)} />
      </form>
      <QueryState query={slides} loading="Loading slides..." empty="No slides yet.">
        {(list) => <DataTable caption="Slides" columns={columns(list)} rows={list} rowKey={(slide) => slide.id} />}
      </QueryState>
    </section>
  );
}
