/**
 * `15000` -> `15,000`, as en-US groups thousands, without Intl: building the first Intl formatter
 * (what `toLocaleString` does) costs a phone tens of milliseconds of main thread.
 */
export function groupThousands(value: number): string {
  const [whole = '', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
