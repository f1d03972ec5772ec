import { contactLeadSuccessMessage } from '@studio/shared/lead';
import { ulid } from 'ulid';
import { createContactLead } from '../data/leads.ts';
import { refuseFilledHoneypot } from '../lib/honeypot.ts';
import type { RouteImpl } from '../lib/http.ts';

export const createContactLeadRoute: RouteImpl<'createContactLead'> = async ({ body, log }) => {
  refuseFilledHoneypot(body.website, log);
  const lead =
    body.source === 'footer'
      ? {
          id: ulid(),
          source: 'footer' as const,
          name: body.name ?? '',
          email: body.email,
          phone: null,
          service: null,
          description: body.description,
          // Unticked boxes are sent as false or left out; both mean "no".
          consentPersonalData: body.consentPersonalData ?? false,
          consentOffers: body.consentOffers ?? false,
        }
      : {
          id: ulid(),
          source: 'contact-form' as const,
          name: body.name,
          email: body.email,
          phone: body.phone,
          service: body.service || null,
          description: body.description,
          consentPersonalData: null,
          consentOffers: null,
        };
  const stored = await createContactLead(lead);
  log.info('contact lead stored', { leadId: stored.id, source: stored.source });
  return { id: stored.id, message: contactLeadSuccessMessage };
};
