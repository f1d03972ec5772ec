import type { ImageStatus } from '@studio/shared/images';

/** An image's status as staff read it. */
export const staffStatusLabels: Record<ImageStatus, string> = {
  RECEIVED: 'Received',
  IN_EDIT: 'In edit',
  IN_QC: 'In QC',
  DELIVERED: 'Delivered',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

/** The same for the client: the studio's steps before a delivery are one, "In progress". */
export const clientStatusLabels: Record<ImageStatus, string> = {
  RECEIVED: 'In progress',
  IN_EDIT: 'In progress',
  IN_QC: 'In progress',
  DELIVERED: 'Delivered',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};
