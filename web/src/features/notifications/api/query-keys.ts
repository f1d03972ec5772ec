/** Whose e-mail settings: the client portal's signed-in client, or the staff console's member. */
export type Audience = 'client' | 'staff';

/** Every query key of this feature, from the widest to the narrowest. */
export const emailKeys = {
  all: ['notifications'] as const,
  preferences: (audience: Audience) => [...emailKeys.all, 'preferences', audience] as const,
  undelivered: () => [...emailKeys.all, 'undelivered'] as const,
};
