/**
 * Dates as the client portal and the staff console show them, in one format: `20 Nov 2026` and
 * `20 Nov 2026, 14:00 CET` (a time always names its zone). Given a time zone (the studio's, on the
 * staff console: `useDateFormat`), in that zone; otherwise in the reader's own. (Public pages
 * format without `Intl`, see `mediumDateUtc`: creating the first formatter costs a phone tens of
 * milliseconds.)
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'date' | 'dateTime', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone ?? ''}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-GB', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      ...(kind === 'dateTime' ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' } : {}),
      timeZone,
    } as const);
    formatters.set(key, made);
  }
  return made;
}

/** `2026-11-20T10:00:00Z` -> `20 Nov 2026` (in `timeZone`, else the reader's zone). */
export function formatDate(iso: string, timeZone?: string): string {
  return formatter('date', timeZone).format(new Date(iso));
}

/** `2026-11-20T10:00:00Z` -> `20 Nov 2026, 11:00 CET` in Europe/Paris: the zone is always named. */
export function formatDateTime(iso: string, timeZone?: string): string {
  return formatter('dateTime', timeZone).format(new Date(iso));
}
