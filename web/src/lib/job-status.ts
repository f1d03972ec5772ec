const statusLabels: Record<string, string> = {
  PENDING: 'Pending',
  IN_PROGRESS: 'In progress',
  // Issue 17: the studio delivered and waits for the client's answer; the client sent it back.
  DELIVERED: 'Delivered',
  REVISION_REQUESTED: 'Changes requested',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

/** A job's status as clients and staff read it. Anything but the known statuses shows as unknown (spec §4). */
export function jobStatusLabel(status: string): string {
  return statusLabels[status] ?? 'Unknown';
}
