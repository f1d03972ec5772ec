import { useId, useState, type FormEvent } from 'react';
import { leadLimits } from '@studio/shared/lead-limits';
import { HoneypotField } from '../../../components/honeypot-field.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useCreateFreeTrialLead } from '../api/create-free-trial-lead.ts';
import '../../../components/form.css';

export const freeTrialFormats = ['JPG', 'PNG', 'PSD', 'TIFF'] as const;
export const freeTrialSuccess = 'Thank you for your submission!';
export const freeTrialPageSuccess = 'Thank you for your free trial request! We will contact you soon.';
export const freeTrialError = 'There was an error submitting your form. Please try again.';

type Format = (typeof freeTrialFormats)[number];
const empty = { serviceId: '', brief: '', name: '', email: '', format: 'JPG' as Format, imageLink: '', website: '' };

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
  const [values, setValues] = useState(empty);
  const mutation = useCreateFreeTrialLead();
  const { notice, show, dismiss } = useTimedNotice();
  const id = useId();
  const set = (field: keyof typeof empty) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const service = services.find((s) => s.id === values.serviceId);
    if (!service) return;
    mutation.mutate(
      {
        serviceId: service.id,
        service: service.name,
        name: values.name,
        email: values.email,
        format: values.format,
        imageLink: values.imageLink,
        website: values.website,
        ...(values.brief.trim() ? { brief: values.brief } : {}),
      },
      {
        onSuccess: () => {
          setValues(empty);
          show({ kind: 'success', text: freeTrialSuccess });
          onSubmitted?.();
        },
        onError: (error) => {
          // Keep the spec's sentence; add the server's reason (rate limit, a field) when there is one.
          show({ kind: 'error', text: apiErrorText(error, freeTrialError, { lead: freeTrialError, issues: 'omit' }) });
        },
      },
    );
  }

  const sending = mutation.isPending;
  return (
    <form className="form" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Request your free trial</h2>
      <fieldset disabled={sending}>
        <label className="form__field">
          Service *
          <select name="serviceId" required value={values.serviceId} onChange={(e) => set('serviceId')(e.target.value)}>
            <option value="">Select a service</option>
            {services.map((service) => (
              <option key={service.id} value={service.id}>
                {service.name}
              </option>
            ))}
          </select>
        </label>
        <label className="form__field">
          Image link *
          <input
            name="imageLink"
            type="url"
            required
            maxLength={leadLimits.link}
            placeholder="https://drive.example.com/your-photo"
            value={values.imageLink}
            onChange={(e) => set('imageLink')(e.target.value)}
          />
        </label>
        <label className="form__field">
          Brief (optional)
          <textarea
            name="brief"
            maxLength={leadLimits.brief}
            value={values.brief}
            onChange={(e) => set('brief')(e.target.value)}
          />
        </label>
        <div className="form__row">
          <label className="form__field">
            Name *
            <input
              name="name"
              required
              maxLength={leadLimits.name}
              autoComplete="name"
              value={values.name}
              onChange={(e) => set('name')(e.target.value)}
            />
          </label>
          <label className="form__field">
            Email *
            <input
              name="email"
              type="email"
              required
              maxLength={leadLimits.email}
              autoComplete="email"
              value={values.email}
              onChange={(e) => set('email')(e.target.value)}
            />
          </label>
        </div>
        <fieldset className="form__radios">
          <legend>Output format</legend>
          {freeTrialFormats.map((format) => (
            <label key={format}>
              <input
                type="radio"
                name="format"
                value={format}
                checked={values.format === format}
                onChange={() => set('format')(format)}
              />
              {format}
            </label>
          ))}
        </fieldset>
        <HoneypotField value={values.website} onChange={set('website')} />
        <div>
          <button type="submit" className="button button--primary">
            {sending ? 'SENDING...' : 'SUBMIT'}
          </button>
        </div>
      </fieldset>
      <Notice notice={notice} onDismiss={dismiss} reveal />
    </form>
  );
}
