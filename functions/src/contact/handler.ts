import { contactRoutes } from '@studio/shared/routes/contact';
import { createGroupHandler } from '../lib/http.ts';
import { createContactLeadRoute } from './create-contact-lead.ts';
import { listContactLeadsRoute } from './list-contact-leads.ts';

export const handler = createGroupHandler(contactRoutes, {
  createContactLead: createContactLeadRoute,
  listContactLeads: listContactLeadsRoute,
});
