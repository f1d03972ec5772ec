import type { OrganisationRole } from '@studio/shared/organisation';

/** A role as the pages name it, with what it may do. */
export const roleLabels: Record<OrganisationRole, string> = {
  OWNER: 'Owner',
  BUYER: 'Buyer',
  REVIEWER: 'Reviewer',
  VIEWER: 'Viewer',
};

export const roleHints: Record<OrganisationRole, string> = {
  OWNER: 'manages members, billing details and invitations; orders, pays and reviews',
  BUYER: 'orders, pays and reviews',
  REVIEWER: 'reviews delivered images',
  VIEWER: 'reads the organisation’s jobs',
};
