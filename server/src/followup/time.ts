/** Datetimes as the API writes them: ISO-8601 with microseconds and the Europe/Amsterdam offset. */

/** Wall-clock parts of an instant in Europe/Amsterdam (also used to read naive datetimes, http/datetime.ts). */
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

export function amsterdamIso(value: Date | string): string;
export function amsterdamIso(value: Date | string | null | undefined): string | null;
export function amsterdamIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  const p = Object.fromEntries(amsterdamParts.formatToParts(date).map((x) => [x.type, x.value]));
  const localAsUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  const offsetMinutes = Math.round((localAsUtc - Math.floor(date.getTime() / 1000) * 1000) / 60000);
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  const micros = String(date.getUTCMilliseconds() * 1000).padStart(6, '0');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}.${micros}${offset}`;
}

/** Seconds as HH:MM:SS (the session's `duration`). */
export function hms(seconds: number | null): string | null {
  if (seconds === null) return null;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}
