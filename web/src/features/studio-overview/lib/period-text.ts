/** "November 2026" (or "Nov 2026") of a `yyyy-mm` month (UTC, as the server counts them). */
export function monthName(month: string, style: 'long' | 'short' = 'long'): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { month: style, year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year!, number! - 1, 1)),
  );
}

/** "Week 48, 2026" of `2026-W48`. */
export function weekName(week: string): string {
  const [year, number] = week.split('-W');
  return `Week ${Number(number)}, ${year}`;
}
