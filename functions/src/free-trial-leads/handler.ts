import { createGroupHandler } from '../lib/http.ts';
import { createFreeTrialLeadRoute } from './create-free-trial-lead.ts';

export const handler = createGroupHandler('free-trial-leads', {
  createFreeTrialLead: createFreeTrialLeadRoute,
});
