import { createGroupHandler } from '../lib/http.ts';
import { createContactLeadRoute } from './create-contact-lead.ts';
import { listContactLeadsRoute } from './list-contact-leads.ts';

export const handler = createGroupHandler('contact', {
  createContactLead: createContactLeadRoute,
  listContactLeads: listContactLeadsRoute,
});
