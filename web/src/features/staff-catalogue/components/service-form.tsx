import type { ChangeEvent } from 'react';
import * as z from 'zod/mini';
import { createServiceBodySchema, updateServiceBodySchema } from '@studio/shared/catalog-admin';
import type { Service } from '@studio/shared/service';
import { FormActions } from '../../../components/form-actions.tsx';
import { Field, FormAlert, FormField } from '../../../components/form-field.tsx';
import { ImagePairFields, useImagePair } from '../../../components/image-upload-field.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { isRefusal } from '../../../lib/api-error-text.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateService } from '../api/create-service.ts';
import { useUpdateService } from '../api/update-service.ts';

const labels = { name: 'Name', description: 'Description', order: 'Order' };

/** Said above the form when an image is missing (the images are picked beside the fields, not typed). */
export const imagesRequiredText = 'Both before and after images are required';
const pickedImage = z.string({ error: imagesRequiredText });
/** `POST api/services`, with the spec's one sentence for a missing image (spec §5). */
const addServiceSchema = z.extend(createServiceBodySchema, { beforeImage: pickedImage, afterImage: pickedImage });

/** A text field's props from `useSchemaForm`'s `field()`. */
type TextFieldProps = {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  error?: string;
};

/** Name and description, the fields both service forms have. */
function NameAndDescription({ name, description }: { name: TextFieldProps; description: TextFieldProps }) {
  const { error, ...textarea } = description;
  return (
    <>
      <FormField label="Name *" maxLength={100} {...name} />
      <Field label="Description *" error={error}>
        {(control) => <textarea {...control} maxLength={2000} {...textarea} />}
      </Field>
    </>
  );
}

/** Add-service form (spec §5: name, description, before image, after image required). */
export function AddServiceForm() {
  const { notice, show, dismiss } = useTimedNotice();
  const images = useImagePair();
  const create = useCreateService();
  const form = useSchemaForm({
    schema: addServiceSchema,
    initialValues: { name: '', description: '' },
    labels,
    toBody: (values) => ({ ...values, ...images.paths() }),
  });
  const submit = form.handleSubmit(
    async (body) => {
      const { message } = await create.mutateAsync(body);
      show({ kind: 'success', text: message });
      form.reset();
      images.reset();
    },
    { failureText: 'Error adding service. Please try again.', errorOptions: { serverText: isRefusal } },
  );

  return (
    <form className="form staff-form staff-card" onSubmit={(event) => void submit(event)} noValidate>
      <Notice notice={notice} onDismiss={dismiss} reveal />
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <NameAndDescription name={form.field('name')} description={form.field('description')} />
      <ImagePairFields images={images} kind="required" />
      <FormActions label="Add Service" busyLabel="Adding..." submitting={form.submitting} disabled={images.busy} />
    </form>
  );
}

/** Edit a service (spec §5: name, description and order required; new images optional). */
export function EditServiceForm({
  service,
  onSaved,
  onCancel,
}: {
  service: Service;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const images = useImagePair();
  const update = useUpdateService();
  const form = useSchemaForm({
    schema: updateServiceBodySchema,
    initialValues: { name: service.name, description: service.description, order: String(service.order) },
    numbers: ['order'],
    labels,
    toBody: (values) => ({ ...values, ...images.paths() }),
  });
  const submit = form.handleSubmit(
    async (body) => onSaved((await update.mutateAsync({ id: service.id, body })).message),
    { failureText: 'Error updating service', errorOptions: { lead: 'Error updating service:', serverText: isRefusal } },
  );

  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <NameAndDescription name={form.field('name')} description={form.field('description')} />
      <FormField label="Order *" type="number" min={0} step={1} inputMode="numeric" {...form.field('order')} />
      <ImagePairFields images={images} kind="replace" current={service} />
      <FormActions label="Save changes" submitting={form.submitting} disabled={images.busy} onCancel={onCancel} />
    </form>
  );
}
