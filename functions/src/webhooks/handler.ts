import { webhooksRoutes } from '@studio/shared/routes/webhooks';
import { maxWebhooksPerOrganisation, webhookTestEvent, type WebhookPayload } from '@studio/shared/webhooks';
import { ulid } from 'ulid';
import { organisationNotFound } from '../data/organisations.ts';
import {
  createWebhook,
  deleteWebhookItem,
  getWebhookItem,
  listDeliveries,
  listWebhookItems,
  toWebhook,
  updateWebhookItem,
  type WebhookItem,
} from '../data/webhooks.ts';
import type { Caller } from '../lib/caller.ts';
import { callerRole } from '../lib/caller-role.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors.ts';
import { createGroupHandler } from '../lib/http.ts';
import { queueDeliveries } from './queue.ts';
import { newWebhookSecret } from './signing.ts';
import { resolveTarget } from './target.ts';

/*
 * Webhooks (#36): an organisation's OWNERs (or a key with `webhooks:manage` made by one) add, list,
 * change and delete its webhooks, read each one's deliveries log and send it a test event. Not a
 * member: the 404 of an unknown organisation; another role: 403. A webhook of another organisation
 * is a 404 like one that does not exist (its key has the organisation in it).
 */

async function requireOwner(caller: Caller, organisationId: string): Promise<void> {
  const role = await callerRole(caller, organisationId);
  if (!role) throw organisationNotFound();
  if (role !== 'OWNER') {
    throw new ForbiddenError(`A ${role} may not manage this organisation’s webhooks; ask one of its owners.`);
  }
}

const webhookNotFound = () => new NotFoundError('There is no webhook with this id in this organisation.');

async function ownedWebhook(caller: Caller, organisationId: string, hookId: string): Promise<WebhookItem> {
  await requireOwner(caller, organisationId);
  const webhook = await getWebhookItem(organisationId, hookId);
  if (!webhook) throw webhookNotFound();
  return webhook;
}

export const handler = createGroupHandler(webhooksRoutes, {
  createWebhook: async ({ params, body, caller, requestTime }) => {
    await requireOwner(caller!, params.id);
    const target = await resolveTarget(body.url);
    if (!target.ok) {
      throw new BadRequestError('The request is not valid.', [{ path: 'body.url', message: target.reason }]);
    }
    const secret = newWebhookSecret();
    const webhook = await createWebhook({
      organisationId: params.id,
      url: body.url,
      events: body.events,
      secret,
      createdBy: caller!.userId,
      now: new Date(requestTime),
    });
    return { webhook: toWebhook(webhook), secret };
  },
  listWebhooks: async ({ params, caller }) => {
    await requireOwner(caller!, params.id);
    const items = await listWebhookItems(params.id);
    return { webhooks: items.slice(0, maxWebhooksPerOrganisation * 2).map(toWebhook) };
  },
  updateWebhook: async ({ params, body, caller }) => {
    await ownedWebhook(caller!, params.id, params.hookId);
    const updated = await updateWebhookItem(params.id, params.hookId, body);
    if (!updated) throw webhookNotFound();
    return { webhook: toWebhook(updated) };
  },
  deleteWebhook: async ({ params, caller }) => {
    await requireOwner(caller!, params.id);
    if (!(await deleteWebhookItem(params.id, params.hookId))) throw webhookNotFound();
    return { message: 'The webhook was deleted.' };
  },
  listWebhookDeliveries: async ({ params, query, caller }) => {
    await ownedWebhook(caller!, params.id, params.hookId);
    return listDeliveries(params.hookId, { cursor: query.cursor });
  },
  testWebhook: async ({ params, caller, requestTime }) => {
    const webhook = await ownedWebhook(caller!, params.id, params.hookId);
    const eventId = ulid(requestTime);
    const payload: WebhookPayload = {
      id: eventId,
      type: webhookTestEvent,
      createdAt: new Date(requestTime).toISOString(),
      organisationId: params.id,
      data: { webhookId: webhook.id, message: 'A test event, sent from the portal or the API.' },
    };
    await queueDeliveries([
      {
        message: {
          webhookId: webhook.id,
          organisationId: params.id,
          eventId,
          event: webhookTestEvent,
          body: JSON.stringify(payload),
          attempt: 1,
        },
      },
    ]);
    return { eventId };
  },
});
