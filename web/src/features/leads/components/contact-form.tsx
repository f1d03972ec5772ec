import { useId, useRef, useState, type FormEvent } from 'react';
import { leadLimits } from '@studio/shared/lead-limits';
import { HoneypotField } from '../../../components/honeypot-field.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { networkErrorMessage } from '../../../lib/api-client.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useKeepPrerenderedInput } from '../../../lib/use-prerendered-input.ts';
import { useCreateContactLead } from '../api/create-contact-lead.ts';
import { contactSuccessMessage, submitFailedMessage } from './lead-messages.ts';
import '../../../components/form.css';

const empty = { name: '', email: '', phone: '', service: '', description: '', website: '' };

/**
 * The contact page's form: name, email, phone and message required, service optional. While sending
 * the button reads 'Sending...'; success clears the form, failure keeps it and shows why (3 s notice).
 */
export function ContactForm({ services, servicesFailed }: { services: readonly string[]; servicesFailed: boolean }) {
  const [values, setValues] = useState(empty);
  const mutation = useCreateContactLead();
  const { notice, show, dismiss } = useTimedNotice();
  const id = useId();
  const set = (field: keyof typeof empty) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const form = useRef<HTMLFormElement>(null);
  useKeepPrerenderedInput(form, values, setValues);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mutation.mutate(
      {
        name: values.name,
        email: values.email,
        phone: values.phone,
        description: values.description,
        website: values.website,
        ...(values.service ? { service: values.service } : {}),
      },
      {
        onSuccess: () => {
          setValues(empty);
          show({ kind: 'success', text: contactSuccessMessage });
        },
        onError: (error) =>
          show({ kind: 'error', text: apiErrorText(error, submitFailedMessage, { offline: networkErrorMessage }) }),
      },
    );
  }

  const sending = mutation.isPending;
  return (
    <form ref={form} className="form" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Send us a message</h2>
      <p className="form__hint">(*) are mandatory fields</p>
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
      <div className="form__row">
        <label className="form__field">
          Phone *
          <input
            name="phone"
            type="tel"
            required
            maxLength={leadLimits.phone}
            autoComplete="tel"
            value={values.phone}
            onChange={(e) => set('phone')(e.target.value)}
          />
        </label>
        <label className="form__field">
          Service
          <select
            name="service"
            value={values.service}
            aria-describedby={servicesFailed ? `${id}-services-error` : undefined}
            onChange={(e) => set('service')(e.target.value)}
          >
            <option value="">Select a service (optional)</option>
            {services.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {servicesFailed && (
          <p id={`${id}-services-error`} className="form__hint">
            Failed to load services
          </p>
        )}
      </div>
      <label className="form__field">
        Message *
        <textarea
          name="description"
          required
          maxLength={leadLimits.description}
          value={values.description}
          onChange={(e) => set('description')(e.target.value)}
        />
      </label>
      <HoneypotField value={values.website} onChange={set('website')} />
      <div>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
      <Notice notice={notice} onDismiss={dismiss} reveal />
    </form>
  );
}
