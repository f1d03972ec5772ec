/*
 * The statuses of an image (issue 33), on their own so that the job's schema can name them without
 * importing the rules of images.ts, which read the job's statuses.
 */

/**
 * An image's status:
 *   RECEIVED   confirmed, nothing delivered yet
 *   IN_EDIT    back with the editor: QC failed (with a note) or sent back in a revision
 *   IN_QC      a finished version waits for a MANAGER's or SUPER_ADMIN's check (`qcRequired`)
 *   DELIVERED  the client may see its current version
 *   APPROVED   the client approved it (issue 34)
 *   REJECTED   the client rejected it (issue 34)
 */
export const imageStatuses = ['RECEIVED', 'IN_EDIT', 'IN_QC', 'DELIVERED', 'APPROVED', 'REJECTED'] as const;
export type ImageStatus = (typeof imageStatuses)[number];
