/** The query keys of organisations (#35): every read of this feature, from one factory. */
export const organisationKeys = {
  all: ['organisations'] as const,
  mine: () => [...organisationKeys.all, 'mine'] as const,
  one: (id: string) => [...organisationKeys.all, 'one', id] as const,
  members: (id: string) => [...organisationKeys.all, 'members', id] as const,
  invitations: (id: string) => [...organisationKeys.all, 'invitations', id] as const,
  myInvitations: () => [...organisationKeys.all, 'my-invitations'] as const,
};
