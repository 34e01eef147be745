/**
 * Datetimes as the contract takes them: `YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z]`.
 * One parser decides for the schema's `date-time` format and for what is stored, so
 * a value the schema accepts can always be stored and read back:
 * - a datetime without an offset is Europe/Amsterdam local time (as the contract says);
 * - the year lies in 1900-9999 (PostgreSQL and the API's own formatting agree there;
 *   years 1-99 were shifted by one database and broke the report's GET on the other),
 *   as written and for the instant it names, in UTC and in Amsterdam
 *   (`9999-12-31T23:59:59-12:00` is in year 10000 in UTC: refused, docs/security.md);
 * - the fields are real: no month 13, no 31 February, no leap second 23:59:60.
 */
import { amsterdamParts } from '../followup/time.ts';

const PATTERN = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;

export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

/** Europe/Amsterdam's offset from UTC (ms) at an instant. */
function amsterdamOffset(instant: number): number {
  const p = Object.fromEntries(amsterdamParts.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - Math.floor(instant / 1000) * 1000;
}

/** The instant a contract datetime names, or undefined when it is not one. */
export function parseDateTime(text: string): Date | undefined {
  const m = PATTERN.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return undefined;
  const millis = Math.floor(Number(`0.${m[7] ?? '0'}`) * 1000);
  const local = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  let instant: number;
  if (m[8]) instant = local;
  else if (m[9]) {
    const offsetHours = Number(m[10]);
    const offsetMinutes = Number(m[11]);
    if (offsetHours > 23 || offsetMinutes > 59) return undefined;
    const offset = (offsetHours * 60 + offsetMinutes) * 60_000 * (m[9] === '-' ? -1 : 1);
    instant = local - offset;
  } else {
    // Naive: Amsterdam local time (two passes settle the offset around a DST change).
    instant = local - amsterdamOffset(local);
    instant = local - amsterdamOffset(instant);
  }
  return inRange(instant) ? new Date(instant) : undefined;
}

/** Whether the instant's year is within MIN_YEAR..MAX_YEAR both in UTC and in Amsterdam. */
function inRange(instant: number): boolean {
  const utcYear = new Date(instant).getUTCFullYear();
  if (utcYear < MIN_YEAR || utcYear > MAX_YEAR) return false;
  const amsterdamYear = Number(amsterdamParts.formatToParts(new Date(instant)).find((p) => p.type === 'year')?.value);
  return amsterdamYear >= MIN_YEAR && amsterdamYear <= MAX_YEAR;
}

/** The `date-time` format for the schema compilers. */
export const isDateTime = (text: string) => parseDateTime(text) !== undefined;
