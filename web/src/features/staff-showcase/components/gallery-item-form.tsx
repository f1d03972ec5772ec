import * as z from 'zod/mini';
import type { ServiceRef } from '@studio/shared/carousel';
import { positionSchema } from '@studio/shared/catalog-admin';
import type { GalleryItem } from '@studio/shared/gallery';
import {
  createGalleryItemBodySchema,
  galleryMessages,
  updateGalleryItemBodySchema,
} from '@studio/shared/showcase-admin';
import { Field, FormAlert, FormField } from '../../../components/form-field.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { ImagePairFields, useImagePair } from '../../../components/image-upload-field.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateGalleryItem } from '../api/create-gallery-item.ts';
import { useUpdateGalleryItem } from '../api/update-gallery-item.ts';
import '../../../components/staff-ui.css';

/** Spec §5, §8: what the gallery forms say when something required is missing. */
export const fillAllText = 'Please fill all required fields';
export const bothImagesText = 'Both before and after images are required';

/** The next free position of a service's gallery: max + 1, or 1 when it has none (spec §4). */
export function nextDisplayOrder(items: readonly GalleryItem[], serviceId: string): number {
  return (
    items.filter((item) => item.service.id === serviceId).reduce((max, item) => Math.max(max, item.displayOrder), 0) + 1
  );
}

/**
 * The three ways the form is used: the Add Gallery Showcase page (the item goes last), and the
 * manager's add and edit (at a display order).
 */
export type GalleryItemFormMode = 'showcase' | 'add' | 'edit';

const pickedImage = (message: string) => z.string({ error: message });
/** Each mode's body schema: the route's, with the page's rules (spec §5) where the route is looser. */
const schemas = {
  showcase: z.extend(createGalleryItemBodySchema, {
    beforeImage: pickedImage(fillAllText),
    afterImage: pickedImage(fillAllText),
  }),
  add: z.extend(createGalleryItemBodySchema, {
    displayOrder: positionSchema,
    beforeImage: pickedImage(bothImagesText),
    afterImage: pickedImage(bothImagesText),
  }),
  edit: updateGalleryItemBodySchema,
};

const failureTexts = {
  showcase: 'Failed to create gallery entry',
  add: 'Failed to add gallery item',
  edit: 'Failed to update gallery item',
} as const;

/** Add or edit one gallery item; `onSaved` gets the success message to show. */
export function GalleryItemForm({
  mode,
  services,
  items = [],
  existing,
  onSaved,
  onCancel,
}: {
  mode: GalleryItemFormMode;
  services: readonly ServiceRef[];
  /** The gallery as loaded, for the next free position of the chosen service (`add`). */
  items?: readonly GalleryItem[];
  existing?: GalleryItem;
  onSaved: (message: string) => void;
  onCancel?: () => void;
}) {
  const images = useImagePair();
  const create = useCreateGalleryItem();
  const update = useUpdateGalleryItem();
  const withOrder = mode !== 'showcase';
  const form = useSchemaForm({
    schema: schemas[mode],
    initialValues: {
      serviceId: existing?.service.id ?? '',
      title: existing?.title ?? '',
      description: existing?.description ?? '',
      displayOrder: existing ? String(existing.displayOrder) : '',
    },
    numbers: ['displayOrder'],
    selects: ['serviceId'],
    labels: { serviceId: 'Service', title: 'Title', description: 'Description', displayOrder: 'Display order' },
    invalidText: fillAllText,
    toBody: ({ displayOrder, ...values }) => ({
      ...values,
      ...(withOrder ? { displayOrder } : {}),
      ...images.paths(),
    }),
  });

  const failed = failureTexts[mode];
  const submit = form.handleSubmit(
    async (body) => {
      if (existing) {
        const { message } = await update.mutateAsync({ id: existing.id, body: body as z.output<typeof schemas.edit> });
        onSaved(message);
        return;
      }
      const { message } = await create.mutateAsync(body as z.output<typeof schemas.add>);
      form.reset({ ...form.values, title: '', description: '', displayOrder: '' });
      images.reset();
      onSaved(mode === 'showcase' ? galleryMessages.showcaseCreated : message);
    },
    { failureText: failed, errorOptions: { lead: `${failed}:` } },
  );

  return (
    <form className="form staff-form" onSubmit={(event) => void submit(event)} noValidate>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <SelectField
        label="Service *"
        placeholder="Select a service"
        options={services.map((service) => ({ value: service.id, label: service.name }))}
        error={form.errors.serviceId}
        {...form.control('serviceId')}
        onChange={(event) => {
          const serviceId = event.target.value;
          form.setValue('serviceId', serviceId);
          // Spec §4: choosing a service proposes the position after its last item.
          if (mode === 'add')
            form.setValue('displayOrder', serviceId ? String(nextDisplayOrder(items, serviceId)) : '');
        }}
      />
      <FormField label="Title *" maxLength={150} {...form.field('title')} />
      <Field label="Description (optional)" error={form.errors.description}>
        {(control) => <textarea {...control} maxLength={2000} {...form.control('description')} />}
      </Field>
      {withOrder && (
        <FormField
          label="Display order *"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          hint="Items at this position and after move down by one."
          {...form.field('displayOrder')}
        />
      )}
      <ImagePairFields images={images} kind={existing ? 'replace' : 'required'} current={existing} />
      <FormActions
        label={{ showcase: 'Create Gallery Entry', add: 'Add Item', edit: 'Save' }[mode]}
        submitting={form.submitting}
        disabled={images.busy}
        onCancel={onCancel}
      />
    </form>
  );
}
