import { describe, expect, it } from 'vitest';
import { comparePlainDates } from './plain-date.ts';
import {
  addCalendarDays,
  amsterdamInstant,
  amsterdamWallClock,
  dayWord,
  dutchPublicHolidays,
  easterSunday,
  formatDayCount,
  isWorkingDay,
  onTimeSince,
  plainDateKey,
  remainingDaysText,
  remainingSlaDays,
  showsRemainingDays,
  slaDeadline,
  slaDeadlines,
  slaPunctuality,
  STATES_WITHOUT_REMAINING_DAYS,
} from '../index.ts';

const at = (iso: string) => new Date(iso);
const working = (n: number) => ({ n_days: n, use_calendar_days: false });
const calendar = (n: number) => ({ n_days: n, use_calendar_days: true });
/** The deadline as Amsterdam wall-clock text, e.g. '2025-04-22T12:00+02:00'. */
const amsterdam = (d: Date) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset' })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}${String(p.timeZoneName).replace('GMT', '')}`;
};

describe('Easter and the Dutch public holidays', () => {
  it.each([
    [2008, '2008-03-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('Easter %i is on %s', (year, date) => {
    expect(plainDateKey(easterSunday(year))).toBe(date);
  });

  it('lists the holidays of the Algemene termijnenwet for 2025', () => {
    expect(dutchPublicHolidays(2025).map((h) => `${plainDateKey(h.date)} ${h.name}`)).toEqual([
      '2025-01-01 Nieuwjaarsdag',
      '2025-04-20 Eerste Paasdag',
      '2025-04-21 Tweede Paasdag',
      '2025-04-26 Koningsdag', // the 27th is a Sunday
      '2025-05-05 Bevrijdingsdag',
      '2025-05-29 Hemelvaartsdag',
      '2025-06-08 Eerste Pinksterdag',
      '2025-06-09 Tweede Pinksterdag',
      '2025-12-25 Eerste Kerstdag',
      '2025-12-26 Tweede Kerstdag',
    ]);
  });

  it('keeps Koningsdag on the 27th when that is no Sunday, and had Koninginnedag before 2014', () => {
    const kings = (y: number) => dutchPublicHolidays(y).find((h) => /Konin/.test(h.name))!;
    expect(plainDateKey(kings(2026).date)).toBe('2026-04-27');
    expect(plainDateKey(kings(2010).date)).toBe('2010-04-30');
    expect(kings(2010).name).toBe('Koninginnedag');
  });

  it('counts weekdays that are no holiday as working days, Goede Vrijdag included', () => {
    expect(isWorkingDay({ year: 2025, month: 4, day: 18 })).toBe(true); // Goede Vrijdag
    expect(isWorkingDay({ year: 2025, month: 4, day: 21 })).toBe(false); // Tweede Paasdag
    expect(isWorkingDay({ year: 2025, month: 5, day: 29 })).toBe(false); // Hemelvaartsdag
    expect(isWorkingDay({ year: 2025, month: 5, day: 24 })).toBe(false); // Saturday
    expect(isWorkingDay({ year: 2025, month: 5, day: 26 })).toBe(true);
  });
});

describe('slaDeadline', () => {
  it.each([
    // created (Amsterdam), SLA, factor, deadline (Amsterdam)
    ['2025-03-10T12:00+01:00', working(1), 1, '2025-03-11T12:00+01:00'], // Monday → Tuesday
    ['2025-03-14T12:00+01:00', working(1), 1, '2025-03-17T12:00+01:00'], // Friday → Monday
    ['2025-03-15T12:00+01:00', working(1), 1, '2025-03-18T00:00+01:00'], // Saturday: starts Monday 00:00
    ['2025-03-16T23:59+01:00', working(1), 1, '2025-03-18T00:00+01:00'], // Sunday late evening likewise
    ['2025-03-10T12:00+01:00', working(5), 1, '2025-03-17T12:00+01:00'], // one week
    ['2025-03-10T12:00+01:00', working(5), 3, '2025-03-31T12:00+02:00'], // three weeks, across summer time
    ['2025-04-17T09:30+02:00', working(2), 1, '2025-04-22T09:30+02:00'], // Thu → Fri (Goede Vrijdag counts), skips Tweede Paasdag
    ['2025-04-21T10:00+02:00', working(1), 1, '2025-04-23T00:00+02:00'], // made on Tweede Paasdag: starts Tuesday
    ['2025-12-24T16:00+01:00', working(1), 1, '2025-12-29T16:00+01:00'], // Christmas and a weekend
    ['2025-03-10T12:00+01:00', calendar(3), 1, '2025-03-13T12:00+01:00'],
    ['2025-03-29T12:00+01:00', calendar(1), 1, '2025-03-30T12:00+02:00'], // same wall-clock time across the clock change
    ['2025-03-15T12:00+01:00', calendar(2), 3, '2025-03-21T12:00+01:00'], // calendar days do not wait for Monday
  ])('%s + %o × %i is %s', (created, sla, factor, deadline) => {
    expect(amsterdam(slaDeadline(at(created), sla, factor))).toBe(deadline);
  });

  it('counts in Amsterdam time whatever the instant: 00:30 Saturday there is still Friday in UTC', () => {
    // 2025-03-14T23:30Z is Saturday 00:30 in Amsterdam: work starts Monday.
    expect(amsterdam(slaDeadline(at('2025-03-14T23:30Z'), working(1)))).toBe('2025-03-18T00:00+01:00');
  });

  it('gives both deadlines of the list, or none without an SLA', () => {
    const both = slaDeadlines(at('2025-03-10T12:00+01:00'), working(1))!;
    expect(amsterdam(both.deadline)).toBe('2025-03-11T12:00+01:00');
    expect(amsterdam(both.deadline_factor_3)).toBe('2025-03-13T12:00+01:00');
    expect(slaDeadlines(at('2025-03-10T12:00+01:00'), null)).toBeNull();
  });

  it('is the same when asked again for another time of the same day, after other days were asked (the remembered days)', () => {
    const asked = (order: number[]) =>
      order.flatMap((day) => [working(1), working(5), working(21)].flatMap((sla) => [1, 3].flatMap((factor) =>
        ['09:30', '23:59'].map((time) => `${day} ${sla.n_days}×${factor} ${time} → ${amsterdam(slaDeadline(amsterdamInstant(addCalendarDays({ year: 2025, month: 1, day: 1 }, day), Number(time.slice(0, 2)) * 3_600_000 + Number(time.slice(3)) * 60_000), sla, factor))}`),
      )));
    const days = Array.from({ length: 400 }, (_, i) => i);
    const first = asked(days);
    expect(asked([...days].reverse()).sort()).toEqual([...first].sort());
    expect(first).toContain('2 5×1 09:30 → 2025-01-10T09:30+01:00'); // Friday 3 January + 5 working days
    expect(first).toContain('3 1×3 23:59 → 2025-01-09T00:00+01:00'); // Saturday: Monday 00:00, then 3 working days
  });

  it('only moves forward as the creation time does', () => {
    let previous = 0;
    for (let t = at('2025-04-15T00:00Z').getTime(); t < at('2025-05-10T00:00Z').getTime(); t += 37 * 60 * 1000) {
      const d = slaDeadline(new Date(t), working(2)).getTime();
      expect(d).toBeGreaterThanOrEqual(previous);
      previous = d;
    }
  });
});

describe('punctuality', () => {
  const now = at('2025-03-20T12:00+01:00'); // Thursday
  it('is on time until the deadline, late after it, late_factor_3 after three times the SLA', () => {
    expect(slaPunctuality(at('2025-03-19T12:00+01:00'), working(1), now)).toBe('on_time'); // deadline now: not passed
    expect(slaPunctuality(at('2025-03-19T11:59+01:00'), working(1), now)).toBe('late');
    expect(slaPunctuality(at('2025-03-17T12:00+01:00'), working(1), now)).toBe('late');
    expect(slaPunctuality(at('2025-03-17T11:59+01:00'), working(1), now)).toBe('late_factor_3');
    expect(slaPunctuality(at('2025-03-17T11:59+01:00'), null, now)).toBeNull();
  });

  it('onTimeSince is the first creation time that is on time', () => {
    for (const [sla, factor] of [[working(1), 1], [working(1), 3], [working(5), 1], [calendar(3), 3], [working(10), 3]] as const) {
      for (const nowText of ['2025-03-20T12:00+01:00', '2025-04-22T08:15+02:00', '2025-03-31T00:00+02:00', '2026-01-02T09:00+01:00']) {
        const n = at(nowText);
        const since = onTimeSince(sla, n, factor);
        expect(slaDeadline(since, sla, factor).getTime()).toBeGreaterThanOrEqual(n.getTime());
        expect(slaDeadline(new Date(since.getTime() - 1), sla, factor).getTime()).toBeLessThan(n.getTime());
      }
    }
  });
});

describe('remaining days and their words', () => {
  it('counts working days between today and the deadline day', () => {
    const deadline = at('2025-03-24T12:00+01:00'); // Monday
    expect(remainingSlaDays(deadline, at('2025-03-20T18:00+01:00'), false)).toBe(2); // Thu → Fri, Mon
    expect(remainingSlaDays(deadline, at('2025-03-24T13:00+01:00'), false)).toBe(0);
    expect(remainingSlaDays(deadline, at('2025-03-25T09:00+01:00'), false)).toBe(-1);
    expect(remainingSlaDays(deadline, at('2025-03-31T09:00+02:00'), false)).toBe(-5);
    expect(remainingSlaDays(at('2025-04-22T12:00+02:00'), at('2025-04-17T12:00+02:00'), false)).toBe(2); // Fri, (Easter) Tue
    expect(remainingSlaDays(deadline, at('2025-03-20T18:00+01:00'), true)).toBe(4);
  });

  it('counts working days across years as counting them one by one does (a report years late)', () => {
    const oneByOne = (deadline: Date, now: Date) => {
      const [end, today] = [amsterdamWallClock(deadline).date, amsterdamWallClock(now).date];
      const sign = comparePlainDates(end, today) >= 0 ? 1 : -1;
      const [from, to] = sign > 0 ? [today, end] : [end, today];
      let count = 0;
      for (let d = addCalendarDays(from, 1); comparePlainDates(d, to) <= 0; d = addCalendarDays(d, 1)) if (isWorkingDay(d)) count += 1;
      return sign * count;
    };
    const now = at('2026-11-28T10:00+01:00');
    for (let i = 0; i < 400; i++) {
      // deadlines from eight years back to two ahead, at odd hours, on either side of New Year and the holidays
      const deadline = new Date(now.getTime() + ((i * 7_777_777_777) % (10 * 365 * 86_400_000)) - 8 * 365 * 86_400_000);
      expect(remainingSlaDays(deadline, now, false)).toBe(oneByOne(deadline, now));
      expect(remainingSlaDays(now, deadline, false)).toBe(oneByOne(now, deadline));
    }
    expect(remainingSlaDays(at('2025-12-31T12:00+01:00'), at('2026-01-02T09:00+01:00'), false)).toBe(-1); // 1 January is a holiday
  });

  it('says dag/dagen and werkdag/werkdagen', () => {
    expect([0, 1, 2, -1, -3].map((n) => formatDayCount(n, false))).toEqual(['0 dagen', '1 dag', '2 dagen', '-1 dag', '-3 dagen']);
    expect([1, 5].map((n) => formatDayCount(n, true))).toEqual(['1 werkdag', '5 werkdagen']);
    expect(dayWord(1, true)).toBe('werkdag');
  });

  it('shows no remaining days for the statuses of docs/reference/statuses.md#states-and-transitions', () => {
    expect([...STATES_WITHOUT_REMAINING_DAYS].sort()).toEqual(['a', 'o', 'reaction received', 'reaction requested', 'reopen requested', 's']);
    expect(showsRemainingDays('m')).toBe(true);
    expect(showsRemainingDays('reopened')).toBe(true);
    const report = { created_at: '2025-03-18T10:00:00+01:00', state: 'b' };
    expect(remainingDaysText(report, working(3), at('2025-03-19T10:00+01:00'))).toBe('2 werkdagen');
    expect(remainingDaysText({ ...report, state: 'o' }, working(3), at('2025-03-19T10:00+01:00'))).toBeNull();
    expect(remainingDaysText(report, null, at('2025-03-19T10:00+01:00'))).toBeNull();
  });

  it('reads a wall-clock time that the clock change skips as the hour after', () => {
    expect(amsterdamInstant({ year: 2025, month: 3, day: 30 }, 2.5 * 3600000).toISOString()).toBe('2025-03-30T01:30:00.000Z');
  });
});
