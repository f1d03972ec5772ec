/** The two kinds of lead staff read: from the contact forms and from the free-trial form. */
export type LeadKind = 'contact' | 'free-trial';

/**
 * Every query key of this feature, built here and nowhere else, from the widest to the narrowest,
 * so a change can refresh exactly what it affects: `leadKeys.lists()` every list of leads,
 * `leadKeys.list('contact', '')` one of them.
 */
export const leadKeys = {
  all: ['staff-leads'] as const,
  lists: () => [...leadKeys.all, 'list'] as const,
  list: (kind: LeadKind, search: string) => [...leadKeys.lists(), kind, search] as const,
};
