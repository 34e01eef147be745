/**
 * Times are shown in Amsterdam time whatever the zone of the machine: this file runs with
 * TZ=UTC (as a staff PC or a server set to UTC does) and finds the Amsterdam wall clock.
 */
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { formatCreatedAt, formatDateTime, formatFileStamp, formatLongDateTime } from './index.ts';
import { formatInAmsterdam } from './amsterdam.ts';

describe('times in Amsterdam on a UTC machine', () => {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    process.env.TZ = before;
  });

  it('the machine is in UTC for this test', () => {
    expect(new Date('2026-07-01T07:05:00Z').getHours()).toBe(7);
  });

  it('summer time: UTC+2', () => {
    const at = new Date('2026-07-01T07:05:00Z');
    expect(formatDateTime(at)).toBe('01-07-2026 09:05');
    expect(formatCreatedAt(at.toISOString())).toBe('01-07-2026 09:05');
    expect(formatLongDateTime(at)).toBe('1 juli 2026 om 09:05');
    expect(formatFileStamp(at)).toBe('20260701-0905');
  });

  it('winter time: UTC+1, and the day turns at Amsterdam midnight', () => {
    expect(formatDateTime('2026-01-15T23:30:00Z')).toBe('16-01-2026 00:30');
    expect(formatLongDateTime(Date.parse('2026-12-03T08:00:00Z'))).toBe('3 december 2026 om 09:00');
  });

  it('agrees with the mails (Intl in Europe/Amsterdam)', () => {
    const at = new Date('2026-10-25T00:59:59Z'); // the last second of summer time
    const intl = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(at);
    expect(formatLongDateTime(at)).toBe(intl);
  });

  it('formatDateTime is date-fns\' dd-MM-yyyy HH:mm in Amsterdam, around every clock change and across the years', () => {
    const instants: number[] = [];
    for (let year = 1990; year <= 2040; year++) {
      // the last Sundays of March and October, 01:00 UTC: a quarter of an hour either side, minute by minute
      for (const month of [2, 9]) {
        const last = new Date(Date.UTC(year, month + 1, 0));
        const change = Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
        for (let m = -75; m <= 75; m++) instants.push(change + m * 60_000 + 59_999);
      }
    }
    for (let i = 0; i < 5000; i++) instants.push(Date.UTC(1980, 0, 1) + ((i * 7_919_993_111) % (70 * 365 * 86_400_000)));
    instants.push(Date.UTC(1950, 6, 1, 12), Date.UTC(1900, 0, 1), -1);
    for (const ms of instants) expect(formatDateTime(ms)).toBe(formatInAmsterdam(ms, 'dd-MM-yyyy HH:mm'));
    expect(() => formatDateTime('geen datum')).toThrow(RangeError);
  });
});
