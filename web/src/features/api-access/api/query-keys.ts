/** The query keys of an organisation's API keys and webhooks (#36): every read of this feature, from one factory. */
export const apiAccessKeys = {
  all: ['api-access'] as const,
  apiKeys: (organisationId: string) => [...apiAccessKeys.all, 'api-keys', organisationId] as const,
  webhooks: (organisationId: string) => [...apiAccessKeys.all, 'webhooks', organisationId] as const,
  deliveries: (organisationId: string, hookId: string) =>
    [...apiAccessKeys.all, 'deliveries', organisationId, hookId] as const,
};
