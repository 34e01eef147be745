/**
 * The service level of a report (docs/reference/screens.md#entities `sla`, docs/reference/statuses.md#states-and-transitions): its deadline, the deadline
 * times three, the days left, and the words the back office shows them with. One source for
 * the server's list, punctuality filter, CSV and signalering, the detail and the screens.
 *
 * The deadline is counted from the report's creation in Europe/Amsterdam time:
 * - calendar days (`use_calendar_days`): the same wall-clock time `n` days later;
 * - working days: a report made on a Saturday, Sunday or public holiday starts at 00:00 of the
 *   next working day (work only starts then); the deadline is the same wall-clock time `n`
 *   working days later. Working days are Monday to Friday except Dutch public holidays
 *   (holidays.ts). Signalen counts the same way but without the holidays.
 * The deadline only moves forward as the creation time does, so "late at `now`" is "made
 * before one instant" per SLA (`onTimeSince`), which is how the server filters in SQL.
 */
import { isWorkingDay } from './holidays.ts';
import { addCalendarDays, amsterdamInstant, amsterdamWallClock, calendarDaysBetween, comparePlainDates, type PlainDate } from './plain-date.ts';

/** A category's service level: `n_days` days, calendar or working days (docs/reference/api.md#private `sla`). */
export interface Sla {
  n_days: number;
  use_calendar_days: boolean;
}

/** Late reports are also counted at three times their SLA (`deadline_factor_3`, punctuality `late_factor_3`). */
export const LATE_FACTOR = 3;

function nextWorkingDay(date: PlainDate): PlainDate {
  let d = addCalendarDays(date, 1);
  while (!isWorkingDay(d)) d = addCalendarDays(d, 1);
  return d;
}

/**
 * The day `days` working days after `start` (after the first working day from `start` when it is
 * none). Remembered per start day and count: a CSV export of every report asks for the same few
 * thousand days again and again, and stepping day by day was a quarter of what it allocated.
 */
const deadlineDays = new Map<number, PlainDate>();
function workingDaysLater(start: PlainDate, days: number): PlainDate {
  const key = calendarDaysBetween(EPOCH, start) * 100_000 + days;
  const cacheable = days >= 0 && days < 100_000;
  let date = cacheable ? deadlineDays.get(key) : undefined;
  if (!date) {
    date = isWorkingDay(start) ? start : nextWorkingDay(start);
    for (let left = days; left > 0; left -= 1) date = nextWorkingDay(date);
    if (cacheable) {
      if (deadlineDays.size > 100_000) deadlineDays.clear();
      deadlineDays.set(key, date);
    }
  }
  return date;
}
const EPOCH: PlainDate = { year: 1970, month: 1, day: 1 };

/** `createdAt` plus `factor` times the SLA. */
export function slaDeadline(createdAt: Date, sla: Sla, factor = 1): Date {
  const days = sla.n_days * factor;
  const { date, timeOfDay } = amsterdamWallClock(createdAt);
  if (sla.use_calendar_days) return amsterdamInstant(addCalendarDays(date, days), timeOfDay);
  // a report made on a day off starts at 00:00 of the next working day
  return amsterdamInstant(workingDaysLater(date, days), isWorkingDay(date) ? timeOfDay : 0);
}

/** Both deadlines of a report (the list's `category.deadline` and `deadline_factor_3`); null without an SLA. */
export function slaDeadlines(createdAt: Date, sla: Sla | null): { deadline: Date; deadline_factor_3: Date } | null {
  if (!sla) return null;
  return { deadline: slaDeadline(createdAt, sla), deadline_factor_3: slaDeadline(createdAt, sla, LATE_FACTOR) };
}

/** Punctuality values of the list filter (docs/reference/screens.md#entities 'Filter'), with their Dutch labels. */
export const PUNCTUALITY_LABELS = {
  on_time: 'Binnen de afhandeltermijn',
  late: 'Buiten de afhandeltermijn',
  late_factor_3: '3x buiten de afhandeltermijn',
} as const;
export type Punctuality = keyof typeof PUNCTUALITY_LABELS;

/**
 * Where a report made at `createdAt` stands at `now`: 'on_time' until its deadline has passed,
 * then 'late', and 'late_factor_3' once three times the SLA has passed too; null without an SLA.
 * (The list filter `late` also holds the `late_factor_3` reports, as Signalen's does.)
 */
export function slaPunctuality(createdAt: Date, sla: Sla | null, now: Date): Punctuality | null {
  return punctualityOf(slaDeadlines(createdAt, sla), now);
}

/** slaPunctuality from deadlines already computed (slaDeadlines). */
export function punctualityOf(deadlines: { deadline: Date; deadline_factor_3: Date } | null, now: Date): Punctuality | null {
  if (!deadlines) return null;
  if (deadlines.deadline_factor_3.getTime() < now.getTime()) return 'late_factor_3';
  if (deadlines.deadline.getTime() < now.getTime()) return 'late';
  return 'on_time';
}

/**
 * The earliest creation time whose deadline (times `factor`) has not passed at `now`: a report
 * made at or after it is on time, one made before it is late. Exact to the millisecond (the
 * deadline only moves forward with the creation time; found by bisection).
 */
export function onTimeSince(sla: Sla, now: Date, factor = 1): Date {
  const target = now.getTime();
  const dayMs = 24 * 60 * 60 * 1000;
  // Every report made this long ago is late: n working days span at most 3n + 30 calendar days.
  let late = target - (sla.n_days * factor * 3 + 31) * dayMs;
  let onTime = target; // a deadline is never before its start
  while (onTime - late > 1) {
    const mid = Math.floor((late + onTime) / 2);
    if (slaDeadline(new Date(mid), sla, factor).getTime() >= target) onTime = mid;
    else late = mid;
  }
  return new Date(onTime);
}

/**
 * Days left until the deadline, counted in days of the SLA's kind between today and the
 * deadline's day in Amsterdam: 0 when the deadline is today, negative once it has passed
 * (−1: the deadline was the previous (working) day).
 */
export function remainingSlaDays(deadline: Date, now: Date, useCalendarDays: boolean): number {
  const end = amsterdamWallClock(deadline).date;
  const today = amsterdamWallClock(now).date;
  if (useCalendarDays) return calendarDaysBetween(today, end);
  const sign = comparePlainDates(end, today) >= 0 ? 1 : -1;
  const [from, to] = sign > 0 ? [today, end] : [end, today];
  return sign * workingDaysAfter(from, to);
}

/**
 * Per year, the working days from 1 January up to each day of the year (index: the day of the
 * year, 0 for none): a report years late is counted in a few steps, not day by day (the CSV
 * export of every report counted every day since each open report's deadline).
 */
const workingDaysByYear = new Map<number, Int16Array>();
function workingDaysOfYear(year: number): Int16Array {
  let counts = workingDaysByYear.get(year);
  if (!counts) {
    const days = calendarDaysBetween({ year, month: 1, day: 1 }, { year: year + 1, month: 1, day: 1 });
    counts = new Int16Array(days + 1);
    let d: PlainDate = { year, month: 1, day: 1 };
    for (let i = 1; i <= days; i++, d = addCalendarDays(d, 1)) counts[i] = counts[i - 1]! + (isWorkingDay(d) ? 1 : 0);
    workingDaysByYear.set(year, counts);
  }
  return counts;
}

/** The working days after `from` up to and including `to` (`from` not after `to`). */
function workingDaysAfter(from: PlainDate, to: PlainDate): number {
  const dayOfYear = (d: PlainDate) => calendarDaysBetween({ year: d.year, month: 1, day: 1 }, d) + 1;
  const through = (d: PlainDate) => workingDaysOfYear(d.year)[dayOfYear(d)]!;
  let count = through(to) - through(from);
  for (let year = from.year; year < to.year; year++) count += workingDaysOfYear(year).at(-1)!;
  return count;
}

/** 'dag', 'dagen', 'werkdag' or 'werkdagen' (docs/reference/statuses.md#states-and-transitions day words); singular for 1 and −1. */
export function dayWord(count: number, workingDays: boolean): string {
  const one = Math.abs(count) === 1;
  return workingDays ? (one ? 'werkdag' : 'werkdagen') : one ? 'dag' : 'dagen';
}

/** '1 dag', '3 dagen', '1 werkdag', '-2 werkdagen'. */
export function formatDayCount(count: number, workingDays: boolean): string {
  return `${count} ${dayWord(count, workingDays)}`;
}

/**
 * States for which the back office shows no remaining days (docs/reference/statuses.md#states-and-transitions): Afgehandeld, Gesplitst,
 * Geannuleerd, Reactie gevraagd, Reactie ontvangen and Verzoek tot heropenen.
 */
export const STATES_WITHOUT_REMAINING_DAYS: readonly string[] = ['o', 's', 'a', 'reaction requested', 'reaction received', 'reopen requested'];

/** Whether the back office shows remaining days for a report in `state`. */
export function showsRemainingDays(state: string): boolean {
  return !STATES_WITHOUT_REMAINING_DAYS.includes(state);
}

/**
 * What the overview shows in its remaining-days column: e.g. '3 werkdagen', '-1 dag', or
 * null (no SLA, or a state of STATES_WITHOUT_REMAINING_DAYS).
 */
export function remainingDaysText(report: { state: string; created_at: Date | string }, sla: Sla | null, now: Date): string | null {
  if (!sla || !showsRemainingDays(report.state)) return null;
  const deadline = slaDeadline(new Date(report.created_at), sla);
  return formatDayCount(remainingSlaDays(deadline, now, sla.use_calendar_days), !sla.use_calendar_days);
}

