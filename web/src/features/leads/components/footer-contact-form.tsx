import { useId } from 'react';
import { HoneypotField } from '../../../components/honeypot-field.tsx';
import { ContactField, LeadFormSend, MessageField } from './contact-field.tsx';
import { useContactLeadForm } from './use-lead-form.ts';
import './footer-contact-form.css';

const footerSchema = () => import('@studio/shared/lead').then((lead) => lead.footerLeadSchema);

/**
 * The footer's Send Email form. The old site only logged it; we store it as a contact lead (source
 * 'footer') with both consent choices, so nothing a visitor types is lost. The spec requires no
 * field, but the API needs an address to answer and a message (docs/decisions/public-site-pages.md), so those two are
 * marked required here and the visitor is told before anything is sent.
 */
export function FooterContactForm() {
  const form = useContactLeadForm({
    schema: footerSchema,
    initialValues: {
      name: '',
      email: '',
      description: '',
      consentPersonalData: false,
      consentOffers: false,
      website: '',
    },
    labels: { description: 'Message' },
    toBody: ({ name, ...values }) => ({
      source: 'footer',
      ...(typeof name === 'string' && name.trim() ? { name } : {}),
      ...values,
    }),
  });
  const id = useId();

  return (
    <form
      ref={form.ref}
      className="footer-form"
      onSubmit={(event) => void form.submit(event)}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="site-footer__heading">
        Send Email
      </h2>
      <ContactField kind="name" className="footer-form__field" {...form.field('name')} />
      <ContactField kind="email" required className="footer-form__field" {...form.field('email')} />
      <MessageField className="footer-form__field" {...form.field('description')} />
      <label className="footer-form__check">
        <input type="checkbox" {...form.checkbox('consentPersonalData')} />I consent to the processing of my personal
        data in accordance with the Privacy Policy
      </label>
      <label className="footer-form__check">
        <input type="checkbox" {...form.checkbox('consentOffers')} />I agree to receive special offers
      </label>
      <HoneypotField {...form.control('website')} />
      <LeadFormSend label="Send Email" light form={form} />
    </form>
  );
}
