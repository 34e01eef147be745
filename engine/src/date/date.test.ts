import { describe, expect, it } from 'vitest';
import {
  composeEarlier,
  dateIndicationKind,
  dayOptions,
  decomposeEarlier,
  defaultEarlier,
  formatCreatedAt,
  formatDateIndication,
  formatDays,
  formatReportedOn,
  hourOptions,
  incidentDateStart,
  minuteOptions,
  resolveDateTime,
} from './index.ts';

// Wednesday 15 May 2024, 14:37 local time.
const now = new Date(2024, 4, 15, 14, 37, 12);

describe('date indication picker', () => {
  it('offers today and the six days before, today first and labelled Vandaag', () => {
    const days = dayOptions(now);
    expect(days).toHaveLength(7);
    expect(days.map((d) => d.label)).toEqual([
      'Vandaag',
      'Dinsdag 14 mei',
      'Maandag 13 mei',
      'Zondag 12 mei',
      'Zaterdag 11 mei',
      'Vrijdag 10 mei',
      'Donderdag 9 mei',
    ]);
    expect(days[6].value).toEqual(new Date(2024, 4, 9));
  });

  it('offers hours 0 to 23 and minutes in steps of 5', () => {
    expect(hourOptions().map((h) => h.value)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    expect(minuteOptions().map((m) => m.value)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
    expect(minuteOptions()[1].label).toBe('05');
  });

  it('defaults an earlier moment to the most recent five-minute step that is not in the future', () => {
    expect(new Date(defaultEarlier(now))).toEqual(new Date(2024, 4, 15, 14, 35, 0, 0));
    // before 09:00 too (the old default, 09:00 today, lay in the future then)
    expect(new Date(defaultEarlier(new Date(2024, 4, 15, 7, 4, 59)))).toEqual(new Date(2024, 4, 15, 7, 0, 0, 0));
    expect(new Date(defaultEarlier(new Date(2024, 4, 15, 0, 0, 30)))).toEqual(new Date(2024, 4, 15, 0, 0, 0, 0));
    expect(new Date(defaultEarlier(new Date(2024, 4, 15, 8, 15, 0)))).toEqual(new Date(2024, 4, 15, 8, 15, 0, 0));
    for (const minute of [0, 1, 29, 58, 59]) {
      const at = new Date(2024, 4, 15, 6, minute, 17);
      expect(defaultEarlier(at)).toBeLessThanOrEqual(at.getTime());
      expect(at.getTime() - defaultEarlier(at)).toBeLessThan(5 * 60_000);
    }
  });

  it('composes and decomposes a picked moment', () => {
    const value = composeEarlier(now, 2, 22, 45);
    expect(new Date(value)).toEqual(new Date(2024, 4, 13, 22, 45));
    expect(decomposeEarlier(now, value)).toEqual({ daysAgo: 2, hour: 22, minute: 45 });
  });

  it('refuses a day outside the week, an hour past 23 or a minute off the 5-minute grid', () => {
    expect(() => composeEarlier(now, 7, 9, 0)).toThrow(RangeError);
    expect(() => composeEarlier(now, 0, 24, 0)).toThrow(RangeError);
    expect(() => composeEarlier(now, 0, 9, 7)).toThrow(RangeError);
  });
});

describe('date indication value', () => {
  it("stores 'now' and resolves it to the context's now", () => {
    expect(dateIndicationKind('now')).toBe('now');
    expect(resolveDateTime('now', now)).toEqual(now);
    expect(incidentDateStart('now', now)).toBe(now.toISOString());
  });

  it('resolves an earlier moment from epoch milliseconds or an ISO string', () => {
    const earlier = new Date(2024, 4, 14, 9, 0);
    expect(dateIndicationKind(earlier.getTime())).toBe('earlier');
    expect(resolveDateTime(earlier.getTime(), now)).toEqual(earlier);
    expect(resolveDateTime(earlier.toISOString(), now)).toEqual(earlier);
    expect(incidentDateStart(earlier.getTime(), now)).toBe(earlier.toISOString());
  });

  it('treats an empty or invalid value as no moment', () => {
    expect(dateIndicationKind(null)).toBeNull();
    expect(resolveDateTime(null, now)).toBeNull();
    expect(resolveDateTime('not a date', now)).toBeNull();
    expect(incidentDateStart(null, now)).toBe(now.toISOString());
  });
});

describe('Dutch date display', () => {
  it("shows 'Vandaag, HH:mm' for today", () => {
    expect(formatDateIndication(new Date(2024, 4, 15, 9, 5).getTime(), now)).toBe('Vandaag, 09:05');
    expect(formatDateIndication('now', now)).toBe('Vandaag, 14:37');
  });

  it('shows weekday, day and month, then the time, for an earlier day', () => {
    expect(formatDateIndication(new Date(2024, 4, 13, 22, 45).getTime(), now)).toBe('Maandag 13 mei, 22:45');
  });

  it('shows nothing without a value', () => {
    expect(formatDateIndication(null, now)).toBe('');
  });

  it("formats 'Gemeld op' as dd MMMM and created dates as dd-MM-yyyy HH:mm", () => {
    expect(formatReportedOn(new Date(2024, 2, 3, 10, 0))).toBe('03 maart');
    expect(formatCreatedAt('2024-03-03T09:07:00Z')).toBe('03-03-2024 10:07'); // Amsterdam time (UTC+1 in March)
  });

  it('uses dag/dagen and werkdag/werkdagen', () => {
    expect(formatDays(1)).toBe('1 dag');
    expect(formatDays(3)).toBe('3 dagen');
    expect(formatDays(1, true)).toBe('1 werkdag');
    expect(formatDays(5, true)).toBe('5 werkdagen');
  });
});
