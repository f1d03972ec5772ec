/**
 * An opening's posting date without Intl: building the first Intl date formatter costs a phone
 * tens of milliseconds of main thread, for output the careers page fixes to US English anyway.
 */

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An ISO date as en-US 'medium' in UTC: `2026-11-03T...` -> `Nov 3, 2026`; '' if not a date. */
export function mediumDateUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${monthNames[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
