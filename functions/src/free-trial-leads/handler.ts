import { freeTrialLeadsRoutes } from '@studio/shared/routes/free-trial-leads';
import { createGroupHandler } from '../lib/http.ts';
import { createFreeTrialLeadRoute } from './create-free-trial-lead.ts';
import { listFreeTrialLeadsRoute } from './list-free-trial-leads.ts';

export const handler = createGroupHandler(freeTrialLeadsRoutes, {
  createFreeTrialLead: createFreeTrialLeadRoute,
  listFreeTrialLeads: listFreeTrialLeadsRoute,
});
