/**
 * Calendar days without a time zone, and the Europe/Amsterdam wall clock the SLA counts in:
 * a report made at 00:30 on a Saturday in Amsterdam was made on Saturday, whatever the
 * server's or browser's own time zone.
 */

/** A day of the Gregorian calendar; month 1–12. */
export interface PlainDate {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const utcOf = (d: PlainDate) => Date.UTC(d.year, d.month - 1, d.day);
const fromUtc = (ms: number): PlainDate => {
  const date = new Date(ms);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

/** 'YYYY-MM-DD'. */
export function plainDateKey(d: PlainDate): string {
  return `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

export function addCalendarDays(d: PlainDate, days: number): PlainDate {
  return fromUtc(utcOf(d) + days * DAY_MS);
}

/** Whole days from `a` to `b` (negative when `b` is earlier). */
export function calendarDaysBetween(a: PlainDate, b: PlainDate): number {
  return Math.round((utcOf(b) - utcOf(a)) / DAY_MS);
}

export function comparePlainDates(a: PlainDate, b: PlainDate): number {
  return utcOf(a) - utcOf(b);
}

/** The time zone the SLA is counted in. */
export const SLA_TIME_ZONE = 'Europe/Amsterdam';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SLA_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** The Amsterdam day of an instant and the milliseconds since that day's midnight on the wall clock. */
export function amsterdamWallClock(instant: Date): { date: PlainDate; timeOfDay: number } {
  const p: Record<string, number> = {};
  for (const part of parts.formatToParts(instant)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const date = { year: p.year!, month: p.month!, day: p.day! };
  const ms = ((instant.getTime() % 1000) + 1000) % 1000;
  return { date, timeOfDay: ((p.hour! * 60 + p.minute!) * 60 + p.second!) * 1000 + ms };
}

/** Minutes Amsterdam is ahead of UTC at an instant. */
function offsetAt(ms: number): number {
  const { date, timeOfDay } = amsterdamWallClock(new Date(ms));
  return Math.round((utcOf(date) + timeOfDay - ms) / 60000);
}

/**
 * The instant of a wall-clock time in Amsterdam. A time that does not exist (the hour
 * skipped in March) moves forward by that hour; a time that occurs twice (October) is the
 * second of the two (winter time).
 */
export function amsterdamInstant(date: PlainDate, timeOfDay: number): Date {
  const local = utcOf(date) + timeOfDay;
  const first = local - offsetAt(local) * 60000;
  const second = local - offsetAt(first) * 60000;
  const candidates = [Math.min(first, second), Math.max(first, second)];
  for (const c of candidates) if (offsetAt(c) * 60000 + c === local) return new Date(c);
  return new Date(Math.max(first, second));
}
