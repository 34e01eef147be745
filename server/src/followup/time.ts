/** Datetimes as the API writes them: ISO-8601 with microseconds and the Europe/Amsterdam offset. */

/** Wall-clock parts of an instant in Europe/Amsterdam (also used to read naive datetimes, domain/datetime.ts). */
export const amsterdamParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Europe/Amsterdam's offset from UTC in minutes at an instant, asked of Intl (the slow way). */
function offsetAt(ms: number): number {
  const p = Object.fromEntries(amsterdamParts.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const localAsUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((localAsUtc - Math.floor(ms / 1000) * 1000) / 60000);
}

const HOUR = 3_600_000;
/** Since 1977 the Netherlands changes clocks only on whole UTC hours: one offset per UTC hour, asked once. */
const CACHE_FROM = Date.UTC(1977, 0, 1);
const offsets = new Map<number, number>();

function offsetMinutes(ms: number): number {
  if (ms < CACHE_FROM) return offsetAt(ms);
  const hour = Math.floor(ms / HOUR);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (offsets.size >= 50_000) offsets.clear();
    offset = offsetAt(hour * HOUR);
    offsets.set(hour, offset);
  }
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

export function amsterdamIso(value: Date | string): string;
export function amsterdamIso(value: Date | string | null | undefined): string | null;
export function amsterdamIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid time value');
  const offsetMin = offsetMinutes(ms);
  // the wall clock in Amsterdam, read with the UTC getters of a shifted instant
  const local = new Date(Math.floor(ms / 1000) * 1000 + offsetMin * 60_000);
  const sign = offsetMin >= 0 ? '+' : '-';
  const abs = Math.abs(offsetMin);
  const offset = `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
  const micros = String(new Date(ms).getUTCMilliseconds() * 1000).padStart(6, '0');
  const year = String(local.getUTCFullYear()).padStart(4, '0');
  return `${year}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}T${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}.${micros}${offset}`;
}

/** Seconds as HH:MM:SS (the session's `duration`). */
export function hms(seconds: number | null): string | null {
  if (seconds === null) return null;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/** The Amsterdam weekday (ISO: 1 Monday … 7 Sunday) and minute of the day of an instant (routing rules' time windows). */
export function amsterdamWeekMinute(value: Date): { day: number; minute: number } {
  const ms = value.getTime();
  const local = new Date(ms + offsetMinutes(ms) * 60000);
  return { day: local.getUTCDay() || 7, minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
}
