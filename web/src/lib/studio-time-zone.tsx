import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { staffApiRequest } from './staff-api.ts';
import { formatDate, formatDateTime } from './format-date.ts';

/*
 * The studio's time zone on the staff console (#40): every board shows its dates and times in
 * it, named ("20 Nov 2026, 14:00 CET"), so a manager in one country and an editor in another read
 * the same due time. Read once per session (`GET api/settings/time-zone`); until it arrives, or if
 * it cannot be read, times are in the reader's own zone, still named.
 */

const StudioTimeZone = createContext<string | undefined>(undefined);

export const studioTimeZoneKey = ['settings', 'time-zone'] as const;

/** Reads the studio's time zone for the staff pages under it (StaffLayout renders one). */
export function StudioTimeZoneProvider({ children }: { children: ReactNode }) {
  const zone = useQuery({
    queryKey: studioTimeZoneKey,
    queryFn: ({ signal }) => staffApiRequest('getStudioTimeZone', { signal }).then((answer) => answer.timeZone),
    staleTime: 10 * 60_000,
    retry: false,
  });
  return <StudioTimeZone.Provider value={zone.data}>{children}</StudioTimeZone.Provider>;
}

/** Date and date-time formats in the studio's zone where one is known (else the reader's). */
export function useDateFormat() {
  const timeZone = useContext(StudioTimeZone);
  return useMemo(
    () => ({
      timeZone,
      date: (iso: string) => formatDate(iso, timeZone),
      dateTime: (iso: string) => formatDateTime(iso, timeZone),
    }),
    [timeZone],
  );
}

/** A `<time>` of a date (`withTime`: and the time, with its zone) in the studio's zone. */
export function StudioTime({ iso, withTime = false }: { iso: string; withTime?: boolean }) {
  const format = useDateFormat();
  return <time dateTime={iso}>{withTime ? format.dateTime(iso) : format.date(iso)}</time>;
}
