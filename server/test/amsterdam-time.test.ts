import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { amsterdamIso } from '../src/followup/time.ts';

/** The API's datetime written the slow, obvious way: every part asked of Intl for this very instant. */
function reference(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(date);
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  const offsetMinutes = Math.round((Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) - Math.floor(date.getTime() / 1000) * 1000) / 60000);
  const abs = Math.abs(offsetMinutes);
  const offset = `${offsetMinutes >= 0 ? '+' : '-'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}.${String(date.getUTCMilliseconds() * 1000).padStart(6, '0')}${offset}`;
}

describe('amsterdamIso', () => {
  it('writes summer and winter time with their offsets, to the microsecond', () => {
    expect(amsterdamIso(new Date('2026-07-01T10:00:00.123Z'))).toBe('2026-07-01T12:00:00.123000+02:00');
    expect(amsterdamIso(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-16T00:30:00.000000+01:00');
    expect(amsterdamIso(null)).toBeNull();
  });

  it('changes the offset at the very second the clocks change', () => {
    // 29 March 2026: 02:00 winter time becomes 03:00 summer time (01:00 UTC); 25 October back (01:00 UTC)
    expect(amsterdamIso(new Date('2026-03-29T00:59:59Z'))).toBe('2026-03-29T01:59:59.000000+01:00');
    expect(amsterdamIso(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29T03:00:00.000000+02:00');
    expect(amsterdamIso(new Date('2026-10-25T00:59:59Z'))).toBe('2026-10-25T02:59:59.000000+02:00');
    expect(amsterdamIso(new Date('2026-10-25T01:00:00Z'))).toBe('2026-10-25T02:00:00.000000+01:00');
  });

  it('agrees with Intl for any instant from 1900 to 2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(amsterdamIso(new Date(ms))).toBe(reference(new Date(ms)));
      }),
      { numRuns: 5000 },
    );
  });
});
