export { easterSunday, dutchPublicHolidays, isDutchPublicHoliday, isWorkingDay } from './holidays.ts';
export type { PublicHoliday } from './holidays.ts';
export { SLA_TIME_ZONE, amsterdamWallClock, amsterdamInstant, plainDateKey, addCalendarDays, calendarDaysBetween, weekdayOf } from './plain-date.ts';
export type { PlainDate } from './plain-date.ts';
export {
  LATE_FACTOR,
  PUNCTUALITY_LABELS,
  STATES_WITHOUT_REMAINING_DAYS,
  slaDeadline,
  slaDeadlines,
  slaPunctuality,
  punctualityOf,
  onTimeSince,
  remainingSlaDays,
  remainingDaysText,
  showsRemainingDays,
  dayWord,
  formatDayCount,
} from './deadline.ts';
export type { Sla, Punctuality } from './deadline.ts';
