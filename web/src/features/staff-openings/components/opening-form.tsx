import { jobOpeningBodySchema } from '@studio/shared/content-admin';
import type { JobOpening } from '@studio/shared/job-opening';
import { FormActions } from '../../../components/form-actions.tsx';
import { Field, FormAlert, FormField } from '../../../components/form-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateJobOpening } from '../api/create-job-opening.ts';
import { useUpdateJobOpening } from '../api/update-job-opening.ts';
import '../../../components/staff-ui.css';

/**
 * Create a job opening, or edit `existing` (spec §5: title and description required; the image
 * URL optional but a URL; Active toggles whether the careers page shows it).
 */
export function OpeningForm({
  existing,
  onSaved,
  onCancel,
}: {
  existing?: JobOpening;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const create = useCreateJobOpening();
  const update = useUpdateJobOpening();
  const form = useSchemaForm({
    schema: jobOpeningBodySchema,
    initialValues: {
      title: existing?.title ?? '',
      description: existing?.description ?? '',
      imageUrl: existing?.imageUrl ?? '',
      isActive: existing?.isActive ?? true,
    },
    labels: { title: 'Title', description: 'Description', imageUrl: 'Image URL' },
    // No address is no picture: `null`, not an empty text the schema would refuse as a URL.
    toBody: ({ imageUrl, ...values }) => ({ ...values, imageUrl: String(imageUrl ?? '').trim() || null }),
  });
  const submit = form.handleSubmit(
    async (body) => {
      const { message } = existing
        ? await update.mutateAsync({ id: existing.id, body })
        : await create.mutateAsync(body);
      onSaved(message);
    },
    // Spec §8: the server's error after 'Failed to save job opening:' when it gave one.
    {
      failureText: 'Failed to save job opening. Please try again.',
      errorOptions: { lead: 'Failed to save job opening:' },
    },
  );

  return (
    <form className="form staff-form" onSubmit={(event) => void submit(event)} noValidate>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <FormField label="Title *" maxLength={150} {...form.field('title')} />
      <Field label="Description *" error={form.errors.description}>
        {(control) => <textarea {...control} maxLength={10000} {...form.control('description')} />}
      </Field>
      <FormField
        label="Image URL (optional)"
        type="url"
        hint="An https:// address, or a /media/images/... path from Upload Image."
        {...form.field('imageUrl')}
      />
      <div className="form__check">
        <input id={`active-${existing?.id ?? 'new'}`} type="checkbox" {...form.checkbox('isActive')} />
        <label htmlFor={`active-${existing?.id ?? 'new'}`}>Active (shown on the careers page)</label>
      </div>
      <FormActions label={existing ? 'Save' : 'Create job opening'} submitting={form.submitting} onCancel={onCancel} />
    </form>
  );
}
