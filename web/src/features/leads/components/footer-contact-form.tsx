import { useId, useRef, useState, type FormEvent } from 'react';
import { leadLimits } from '@studio/shared/lead-limits';
import { HoneypotField } from '../../../components/honeypot-field.tsx';
import { Notice, useTimedNotice } from '../../../components/notice.tsx';
import { networkErrorMessage } from '../../../lib/api-client.ts';
import { useKeepPrerenderedInput } from '../../../lib/use-prerendered-input.ts';
import { useCreateContactLead } from '../api/create-contact-lead.ts';
import { contactSuccessMessage, submitFailedMessage } from './lead-messages.ts';
import './footer-contact-form.css';

const empty = { name: '', email: '', message: '', consentPersonalData: false, consentOffers: false, website: '' };

/**
 * The footer's Send Email form. The old site only logged it; we store it as a contact lead (source
 * 'footer') with both consent choices, so nothing a visitor types is lost. The spec requires no
 * field, but the API needs an address to answer and a message (docs/decisions/public-site-pages.md), so those two are
 * marked required here and the visitor is told before anything is sent.
 */
export function FooterContactForm() {
  const [values, setValues] = useState(empty);
  const mutation = useCreateContactLead();
  const { notice, show, dismiss } = useTimedNotice();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // On every public page's HTML: a visitor may start typing before the app has loaded.
  useKeepPrerenderedInput(form, values, setValues);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    mutation.mutate(
      {
        source: 'footer',
        ...(values.name.trim() ? { name: values.name } : {}),
        email: values.email,
        description: values.message,
        consentPersonalData: values.consentPersonalData,
        consentOffers: values.consentOffers,
        website: values.website,
      },
      {
        onSuccess: () => {
          setValues(empty);
          show({ kind: 'success', text: contactSuccessMessage });
        },
        // apiErrorText loads with the first failure: this form is in every page's first load.
        onError: (error) =>
          void import('../../../lib/api-error-text.ts').then(({ apiErrorText }) =>
            show({ kind: 'error', text: apiErrorText(error, submitFailedMessage, { offline: networkErrorMessage }) }),
          ),
      },
    );
  }

  return (
    <form ref={form} className="footer-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="site-footer__heading">
        Send Email
      </h2>
      <label className="footer-form__field">
        Name
        <input
          name="name"
          maxLength={leadLimits.name}
          autoComplete="name"
          value={values.name}
          onChange={(e) => setValues({ ...values, name: e.target.value })}
        />
      </label>
      <label className="footer-form__field">
        Email *
        <input
          name="email"
          type="email"
          required
          maxLength={leadLimits.email}
          autoComplete="email"
          value={values.email}
          onChange={(e) => setValues({ ...values, email: e.target.value })}
        />
      </label>
      <label className="footer-form__field">
        Message *
        <textarea
          name="message"
          required
          maxLength={leadLimits.description}
          value={values.message}
          onChange={(e) => setValues({ ...values, message: e.target.value })}
        />
      </label>
      <label className="footer-form__check">
        <input
          type="checkbox"
          name="consentPersonalData"
          checked={values.consentPersonalData}
          onChange={(e) => setValues({ ...values, consentPersonalData: e.target.checked })}
        />
        I consent to the processing of my personal data in accordance with the Privacy Policy
      </label>
      <label className="footer-form__check">
        <input
          type="checkbox"
          name="consentOffers"
          checked={values.consentOffers}
          onChange={(e) => setValues({ ...values, consentOffers: e.target.checked })}
        />
        I agree to receive special offers
      </label>
      <HoneypotField value={values.website} onChange={(website) => setValues({ ...values, website })} />
      <div>
        <button type="submit" className="button button--light" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send Email'}
        </button>
      </div>
      <Notice notice={notice} onDismiss={dismiss} reveal />
    </form>
  );
}
