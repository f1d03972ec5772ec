const statusLabels: Record<string, string> = {
  PENDING: 'Pending',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

/** A job's status as clients and staff read it. Spec §4: anything but the four known statuses shows as unknown. */
export function jobStatusLabel(status: string): string {
  return statusLabels[status] ?? 'Unknown';
}
