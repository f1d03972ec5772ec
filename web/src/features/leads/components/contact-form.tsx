import { useId } from 'react';
import { HoneypotField } from '../../../components/honeypot-field.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { ContactField, LeadFormSend, MessageField } from './contact-field.tsx';
import { useContactLeadForm } from './use-lead-form.ts';
import '../../../components/form.css';

const contactSchema = () => import('@studio/shared/lead').then((lead) => lead.contactFormLeadSchema);

/**
 * The contact page's form: name, email, phone and message required, service optional. While sending
 * the button reads 'Sending...'; success clears the form, failure keeps it and shows why (3 s notice).
 */
export function ContactForm({ services, servicesFailed }: { services: readonly string[]; servicesFailed: boolean }) {
  const form = useContactLeadForm({
    schema: contactSchema,
    initialValues: { name: '', email: '', phone: '', service: '', description: '', website: '' },
    selects: ['service'],
    labels: { service: 'Service', description: 'Message' },
  });
  const id = useId();

  return (
    <form ref={form.ref} className="form" onSubmit={(event) => void form.submit(event)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Send us a message</h2>
      <p className="form__hint">(*) are mandatory fields</p>
      <div className="form__row">
        <ContactField kind="name" required {...form.field('name')} />
        <ContactField kind="email" required {...form.field('email')} />
      </div>
      <div className="form__row">
        <ContactField kind="phone" required {...form.field('phone')} />
        <SelectField
          label="Service"
          placeholder="Select a service (optional)"
          options={services.map((name) => ({ value: name, label: name }))}
          hint={servicesFailed ? 'Failed to load services' : undefined}
          {...form.field('service')}
        />
      </div>
      <MessageField {...form.field('description')} />
      <HoneypotField {...form.control('website')} />
      <LeadFormSend label="Send Message" form={form} />
    </form>
  );
}
