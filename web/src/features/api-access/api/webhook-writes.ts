import type * as z from 'zod/mini';
import type {
  createdWebhookResponseSchema,
  createWebhookBodySchema,
  updateWebhookBodySchema,
  Webhook,
} from '@studio/shared/webhooks';
import { apiRequest } from '../../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../../lib/use-invalidating-mutation.ts';
import { apiAccessKeys } from './query-keys.ts';

type CreateInput = { organisationId: string; body: z.output<typeof createWebhookBodySchema> };
type UpdateInput = { organisationId: string; hookId: string; body: z.output<typeof updateWebhookBodySchema> };
type HookInput = { organisationId: string; hookId: string };

/** `POST /api/organisations/{id}/webhooks` (OWNER): the webhook, and its signing secret, this once. */
export function createWebhook({
  organisationId,
  body,
}: CreateInput): Promise<z.output<typeof createdWebhookResponseSchema>> {
  return apiRequest('createWebhook', { params: { id: organisationId }, body });
}

/** `PUT /api/organisations/{id}/webhooks/{hookId}` (OWNER): its events, or `enabled: true` to turn it on again. */
export async function updateWebhook({ organisationId, hookId, body }: UpdateInput): Promise<Webhook> {
  const { webhook } = await apiRequest('updateWebhook', { params: { id: organisationId, hookId }, body });
  return webhook;
}

/** `DELETE /api/organisations/{id}/webhooks/{hookId}` (OWNER): no more events are sent to it. */
export async function deleteWebhook({ organisationId, hookId }: HookInput): Promise<void> {
  await apiRequest('deleteWebhook', { params: { id: organisationId, hookId } });
}

/** `POST /api/organisations/{id}/webhooks/{hookId}/test` (OWNER): sends a `webhook.test` event; its id. */
export async function testWebhook({ organisationId, hookId }: HookInput): Promise<string> {
  const { eventId } = await apiRequest('testWebhook', { params: { id: organisationId, hookId } });
  return eventId;
}

const listOf = ({ organisationId }: { organisationId: string }) => [apiAccessKeys.webhooks(organisationId)];

export const useCreateWebhook = () => useInvalidatingMutation({ mutationFn: createWebhook, invalidates: listOf });
export const useUpdateWebhook = () => useInvalidatingMutation({ mutationFn: updateWebhook, invalidates: listOf });
export const useDeleteWebhook = () =>
  useInvalidatingMutation({ mutationFn: deleteWebhook, alsoOnFailure: true, invalidates: listOf });
export const useTestWebhook = () =>
  useInvalidatingMutation({
    mutationFn: testWebhook,
    // The test's delivery lands in the log (and may change "failing since"), once it is sent.
    invalidates: ({ organisationId, hookId }) => [
      apiAccessKeys.webhooks(organisationId),
      apiAccessKeys.deliveries(organisationId, hookId),
    ],
  });
