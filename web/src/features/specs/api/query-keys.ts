/** The query keys of style specs (#35): every read of this feature, from one factory. */
export const specKeys = {
  all: ['specs'] as const,
  list: (organisationId: string) => [...specKeys.all, 'list', organisationId] as const,
  one: (organisationId: string, specId: string, version?: number) =>
    [...specKeys.all, 'one', organisationId, specId, version ?? 'latest'] as const,
  house: () => [...specKeys.all, 'house'] as const,
  ofJob: (jobId: string) => [...specKeys.all, 'job', jobId] as const,
};
