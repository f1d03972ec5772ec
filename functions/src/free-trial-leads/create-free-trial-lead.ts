import { freeTrialLeadSuccessMessage } from '@studio/shared/lead';
import { ulid } from 'ulid';
import { createFreeTrialLead } from '../data/leads.ts';
import { getServiceRef } from '../data/service-refs.ts';
import { BadRequestError } from '../lib/errors.ts';
import { refuseFilledHoneypot } from '../lib/honeypot.ts';
import type { RouteImpl } from '../lib/http.ts';

export const createFreeTrialLeadRoute: RouteImpl<'createFreeTrialLead'> = async ({ body, log }) => {
  refuseFilledHoneypot(body.website, log);
  const service = await getServiceRef(body.serviceId);
  if (!service) {
    throw new BadRequestError('The request is not valid.', [{ path: 'body.serviceId', message: 'is not a service' }]);
  }
  const stored = await createFreeTrialLead({
    id: ulid(),
    serviceId: service.id,
    // The name as the visitor saw it on the form; the id is what ties the lead to the catalogue.
    service: body.service,
    brief: body.brief ?? '',
    name: body.name,
    email: body.email,
    format: body.format,
    imageLink: body.imageLink,
  });
  log.info('free-trial lead stored', { leadId: stored.id });
  return { id: stored.id, message: freeTrialLeadSuccessMessage };
};
