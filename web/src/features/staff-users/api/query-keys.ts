/**
 * Every query key of the user table, built here and nowhere else, from the widest to the
 * narrowest: the client accounts, the staff accounts, and the jobs of one client (the view-jobs
 * dialog). A change refreshes the one list it alters.
 */
export const userKeys = {
  all: ['staff-users'] as const,
  clients: () => [...userKeys.all, 'clients'] as const,
  staff: () => [...userKeys.all, 'staff'] as const,
  jobsOf: (userId: string) => [...userKeys.all, 'jobs-of', userId] as const,
};
