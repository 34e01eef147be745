/**
 * Dutch public holidays as the Algemene termijnenwet (art. 3) recognises them for legal
 * deadlines: Nieuwjaarsdag, Tweede Paasdag, Koningsdag, 5 mei (Bevrijdingsdag, every year),
 * Hemelvaartsdag, Tweede Pinksterdag, Eerste and Tweede Kerstdag. Eerste Paasdag and Eerste
 * Pinksterdag are listed as well (always a Sunday). Goede Vrijdag is not a general holiday.
 *
 * Computed, not looked up: Easter by the anonymous Gregorian algorithm (Meeus/Jones/Butcher),
 * the other movable days from it. A library such as date-holidays carries every country's
 * rules (hundreds of kB in the browser bundle) for these eleven lines of arithmetic.
 */
import { addCalendarDays, type PlainDate, plainDateKey } from './plain-date.ts';

/** Easter Sunday of a Gregorian year. */
export function easterSunday(year: number): PlainDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

export interface PublicHoliday {
  date: PlainDate;
  /** Dutch name, e.g. 'Tweede Paasdag'. */
  name: string;
}

/** Koningsdag: 27 April (26 April when the 27th is a Sunday); before 2014 Koninginnedag, 30 April (29 April when a Sunday). */
function kingsDay(year: number): PlainDate {
  const day = year >= 2014 ? 27 : 30;
  const sunday = new Date(Date.UTC(year, 3, day)).getUTCDay() === 0;
  return { year, month: 4, day: sunday ? day - 1 : day };
}

/** The Dutch public holidays of a year, in date order. */
export function dutchPublicHolidays(year: number): PublicHoliday[] {
  const easter = easterSunday(year);
  const holidays: PublicHoliday[] = [
    { date: { year, month: 1, day: 1 }, name: 'Nieuwjaarsdag' },
    { date: easter, name: 'Eerste Paasdag' },
    { date: addCalendarDays(easter, 1), name: 'Tweede Paasdag' },
    { date: kingsDay(year), name: year >= 2014 ? 'Koningsdag' : 'Koninginnedag' },
    { date: { year, month: 5, day: 5 }, name: 'Bevrijdingsdag' },
    { date: addCalendarDays(easter, 39), name: 'Hemelvaartsdag' },
    { date: addCalendarDays(easter, 49), name: 'Eerste Pinksterdag' },
    { date: addCalendarDays(easter, 50), name: 'Tweede Pinksterdag' },
    { date: { year, month: 12, day: 25 }, name: 'Eerste Kerstdag' },
    { date: { year, month: 12, day: 26 }, name: 'Tweede Kerstdag' },
  ];
  return holidays.sort((x, y) => plainDateKey(x.date).localeCompare(plainDateKey(y.date)));
}

const cache = new Map<number, Set<string>>();

/** Whether the day is a Dutch public holiday. */
export function isDutchPublicHoliday(date: PlainDate): boolean {
  let keys = cache.get(date.year);
  if (!keys) {
    keys = new Set(dutchPublicHolidays(date.year).map((h) => plainDateKey(h.date)));
    cache.set(date.year, keys);
  }
  return keys.has(plainDateKey(date));
}

/** A working day: Monday to Friday and not a Dutch public holiday. */
export function isWorkingDay(date: PlainDate): boolean {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isDutchPublicHoliday(date);
}
