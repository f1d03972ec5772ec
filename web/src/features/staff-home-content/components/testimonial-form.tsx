import { testimonialBodySchema } from '@studio/shared/content-admin';
import type { Testimonial } from '@studio/shared/testimonial';
import { FormActions } from '../../../components/form-actions.tsx';
import { Field, FormAlert, FormField } from '../../../components/form-field.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateTestimonial } from '../api/create-testimonial.ts';
import { useUpdateTestimonial } from '../api/update-testimonial.ts';
import '../../../components/staff-ui.css';

/** Add a testimonial, or edit `existing`: the text and author required, the author's position optional. */
export function TestimonialForm({
  existing,
  onSaved,
  onCancel,
}: {
  existing?: Testimonial;
  onSaved: (message: string) => void;
  onCancel?: () => void;
}) {
  const create = useCreateTestimonial();
  const update = useUpdateTestimonial();
  const form = useSchemaForm({
    schema: testimonialBodySchema,
    initialValues: {
      text: existing?.text ?? '',
      author: existing?.author ?? '',
      position: existing?.position ?? '',
    },
    labels: { text: 'Testimonial', author: 'Author', position: 'Position' },
  });
  const submit = form.handleSubmit(
    async (body) => {
      if (existing) {
        onSaved((await update.mutateAsync({ id: existing.id, body })).message);
        return;
      }
      const { message } = await create.mutateAsync(body);
      form.reset();
      onSaved(message);
    },
    { failureText: 'Failed to save the testimonial.' },
  );

  return (
    <form className="form staff-form" onSubmit={(event) => void submit(event)} noValidate>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <Field label="Testimonial *" error={form.errors.text}>
        {(control) => <textarea {...control} maxLength={1000} {...form.control('text')} />}
      </Field>
      <div className="form__row">
        <FormField label="Author *" maxLength={100} {...form.field('author')} />
        <FormField label="Position" maxLength={100} {...form.field('position')} />
      </div>
      <FormActions label={existing ? 'Save' : 'Add testimonial'} submitting={form.submitting} onCancel={onCancel} />
    </form>
  );
}
