/**
 * Every time the back office, the mails, the PDF and the CSV show, in one place: in the
 * municipality's time zone (Europe/Amsterdam), whatever the zone of the staff member's PC or
 * of the server. A PC set to UTC would otherwise show 08:00 where the mail says 09:00.
 *
 * date-fns with the `nl` locale formats; `@date-fns/tz` gives it the zone (`in`).
 */
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { nl } from 'date-fns/locale';
import { amsterdamWallClock, SLA_TIME_ZONE } from '../sla/index.ts';

/** The zone every shown time is in (the SLA counts in the same one). */
export const DISPLAY_TIME_ZONE = SLA_TIME_ZONE;
const inAmsterdam = tz(DISPLAY_TIME_ZONE);

/** `date` in Amsterdam time by a date-fns pattern, in Dutch. */
export function formatInAmsterdam(date: Date | string | number, pattern: string): string {
  return format(new Date(date), pattern, { in: inAmsterdam, locale: nl });
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * '03-05-2026 09:05': the table, the report page, the history, the CSV. What
 * `formatInAmsterdam(date, 'dd-MM-yyyy HH:mm')` gives, from the SLA's cached Amsterdam wall clock:
 * date-fns' zoned date was a third of the CPU of a CSV export of every report (docs/performance.md).
 */
export function formatDateTime(date: Date | string | number): string {
  const instant = new Date(date);
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid time value');
  const { date: day, timeOfDay } = amsterdamWallClock(instant);
  const minutes = Math.floor(timeOfDay / 60_000);
  return `${two(day.day)}-${two(day.month)}-${String(day.year).padStart(4, '0')} ${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

/** '3 mei 2026 om 09:05': the mails and the PDF. */
export const formatLongDateTime = (date: Date | string | number): string => formatInAmsterdam(date, "d MMMM yyyy 'om' HH:mm");

/** '20261203-0905': a file name. */
export const formatFileStamp = (date: Date | string | number): string => formatInAmsterdam(date, 'yyyyMMdd-HHmm');

/** The Dutch name of an ISO weekday (1 maandag … 7 zondag), from date-fns' `nl` locale. */
export const weekdayName = (isoDay: number): string => nl.localize.day((isoDay % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6, { width: 'wide' });
