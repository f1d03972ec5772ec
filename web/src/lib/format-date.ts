/**
 * Dates as the client portal and the staff console show them. (Public pages format without `Intl`,
 * see `mediumDateUtc`: creating the first formatter costs a phone tens of milliseconds.)
 */

/** `2026-11-20T10:00:00Z` -> `20 Nov 2026`. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** Date and time in the reader's own locale and zone, e.g. `Nov 20, 2026, 10:00 AM`. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}
