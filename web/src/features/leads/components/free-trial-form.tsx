import { useId } from 'react';
import { leadLimits } from '@studio/shared/lead-limits';
import { Field, FormField } from '../../../components/form-field.tsx';
import { HoneypotField } from '../../../components/honeypot-field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { useCreateFreeTrialLead } from '../api/create-free-trial-lead.ts';
import { ContactField } from './contact-field.tsx';
import { useLeadForm } from './use-lead-form.ts';
import '../../../components/form.css';

export const freeTrialFormats = ['JPG', 'PNG', 'PSD', 'TIFF'] as const;
export const freeTrialSuccess = 'Thank you for your submission!';
export const freeTrialPageSuccess = 'Thank you for your free trial request! We will contact you soon.';
export const freeTrialError = 'There was an error submitting your form. Please try again.';

const freeTrialSchema = () => import('@studio/shared/lead').then((lead) => lead.createFreeTrialLeadBodySchema);

/**
 * Free-trial request: service, image link, name and email required; brief optional; one of four
 * output formats. Fields are disabled and the button reads 'SENDING...' while it is sent.
 */
export function FreeTrialForm({
  services,
  onSubmitted,
}: {
  services: readonly { id: string; name: string }[];
  onSubmitted?: () => void;
}) {
  const form = useLeadForm({
    schema: freeTrialSchema,
    initialValues: { serviceId: '', brief: '', name: '', email: '', format: 'JPG', imageLink: '', website: '' },
    selects: ['serviceId'],
    labels: { serviceId: 'Service', imageLink: 'Image link', brief: 'Brief', format: 'Output format' },
    toBody: ({ brief, ...values }) => ({
      ...values,
      service: services.find((service) => service.id === values.serviceId)?.name,
      ...(typeof brief === 'string' && brief.trim() ? { brief } : {}),
    }),
    // The service's name goes with its id; a refusal of either is the select's.
    fieldOf: (path) => (path === 'service' ? 'serviceId' : undefined),
    successText: freeTrialSuccess,
    failureText: freeTrialError,
    // Keep the spec's sentence; add the server's reason (rate limit, a field) when there is one.
    errorOptions: { lead: freeTrialError },
  });
  const mutation = useCreateFreeTrialLead();
  const id = useId();
  const submit = form.submitWith((body) => mutation.mutateAsync(body), onSubmitted);

  return (
    <form ref={form.ref} className="form" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Request your free trial</h2>
      <fieldset disabled={form.submitting}>
        <SelectField
          label="Service *"
          placeholder="Select a service"
          options={services.map((service) => ({ value: service.id, label: service.name }))}
          required
          {...form.field('serviceId')}
        />
        <FormField
          label="Image link *"
          type="url"
          required
          maxLength={leadLimits.link}
          placeholder="https://drive.example.com/your-photo"
          {...form.field('imageLink')}
        />
        <Field label="Brief (optional)" error={form.errors.brief}>
          {(control) => <textarea {...control} maxLength={leadLimits.brief} {...form.control('brief')} />}
        </Field>
        <div className="form__row">
          <ContactField kind="name" required {...form.field('name')} />
          <ContactField kind="email" required {...form.field('email')} />
        </div>
        <fieldset className="form__radios">
          <legend>Output format</legend>
          {freeTrialFormats.map((format) => (
            <label key={format}>
              <input {...form.radio('format', format)} />
              {format}
            </label>
          ))}
        </fieldset>
        <HoneypotField {...form.control('website')} />
        <div>
          <button type="submit" className="button button--primary">
            {form.submitting ? 'SENDING...' : 'SUBMIT'}
          </button>
        </div>
      </fieldset>
      <Notice notice={form.notice} onDismiss={form.dismissNotice} reveal />
    </form>
  );
}
