import { messageResponseSchema } from '../auth.ts';
import { emptyObjectSchema } from '../ids.ts';
import { organisationParamsSchema } from '../organisation.ts';
import {
  createdWebhookResponseSchema,
  createWebhookBodySchema,
  listWebhooksResponseSchema,
  testWebhookResponseSchema,
  updateWebhookBodySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookParamsSchema,
  webhookResponseSchema,
} from '../webhooks.ts';
import { route } from './route.ts';

/*
 * The routes of the `webhooks` group (#36): an organisation's webhooks, managed by its OWNERs in the
 * portal or by a key with `webhooks:manage`; the deliveries log; a test event.
 */
export const webhooksRoutes = {
  createWebhook: route({
    method: 'POST',
    path: 'api/organisations/{id}/webhooks',
    group: 'webhooks',
    access: ['CLIENT'],
    apiKey: 'webhooks:manage',
    params: organisationParamsSchema,
    query: emptyObjectSchema,
    body: createWebhookBodySchema,
    response: createdWebhookResponseSchema,
    successStatus: 201,
  }),
  listWebhooks: route({
    method: 'GET',
    path: 'api/organisations/{id}/webhooks',
    group: 'webhooks',
    access: ['CLIENT'],
    apiKey: 'webhooks:manage',
    params: organisationParamsSchema,
    query: emptyObjectSchema,
    response: listWebhooksResponseSchema,
  }),
  updateWebhook: route({
    method: 'PUT',
    path: 'api/organisations/{id}/webhooks/{hookId}',
    group: 'webhooks',
    access: ['CLIENT'],
    apiKey: 'webhooks:manage',
    params: webhookParamsSchema,
    query: emptyObjectSchema,
    body: updateWebhookBodySchema,
    response: webhookResponseSchema,
  }),
  deleteWebhook: route({
    method: 'DELETE',
    path: 'api/organisations/{id}/webhooks/{hookId}',
    group: 'webhooks',
    access: ['CLIENT'],
    apiKey: 'webhooks:manage',
    params: webhookParamsSchema,
    query: emptyObjectSchema,
    response: messageResponseSchema,
  }),
  listWebhookDeliveries: route({
    method: 'GET',
    path: 'api/organisations/{id}/webhooks/{hookId}/deliveries',
    group: 'webhooks',
    access: ['CLIENT'],
    apiKey: 'webhooks:manage',
    params: webhookParamsSchema,
    query: webhookDeliveriesQuerySchema,
    response: webhookDeliveriesResponseSchema,
  }),
  testWebhook: route({
    method: 'POST',
    path: 'api/organisations/{id}/webhooks/{hookId}/test',
    group: 'webhooks',
    access: ['CLIENT'],
    apiKey: 'webhooks:manage',
    params: webhookParamsSchema,
    query: emptyObjectSchema,
    response: testWebhookResponseSchema,
    successStatus: 201,
  }),
};
