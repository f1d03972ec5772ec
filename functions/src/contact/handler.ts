import { createGroupHandler } from '../lib/http.ts';
import { createContactLeadRoute } from './create-contact-lead.ts';

export const handler = createGroupHandler('contact', {
  createContactLead: createContactLeadRoute,
});
