import { format, isSameDay, startOfDay, subDays } from 'date-fns';
import { nl } from 'date-fns/locale';
import type { DateTimeValue } from '../incident/types.ts';
import { formatDayCount } from '../sla/index.ts';
import { formatDateTime } from './amsterdam.ts';

import { DATE_PICKER_DAYS, MINUTE_STEP } from './options.ts';

export { DATE_INDICATION_OPTIONS, DATE_PICKER_DAYS, MINUTE_STEP } from './options.ts';

export interface PickerOption<T> {
  value: T;
  label: string;
}

/** Today and the six days before it, today first, labelled 'Vandaag' or Dutch weekday day month. */
export function dayOptions(now: Date): PickerOption<Date>[] {
  const today = startOfDay(now);
  return Array.from({ length: DATE_PICKER_DAYS }, (_, index) => {
    const day = subDays(today, index);
    return { value: day, label: index === 0 ? 'Vandaag' : capitalise(format(day, 'EEEE d MMMM', { locale: nl })) };
  });
}

/** Hours 0 to 23. */
export function hourOptions(): PickerOption<number>[] {
  return Array.from({ length: 24 }, (_, hour) => ({ value: hour, label: String(hour).padStart(2, '0') }));
}

/** Minutes 0 to 55 in steps of 5. */
export function minuteOptions(): PickerOption<number>[] {
  return Array.from({ length: 60 / MINUTE_STEP }, (_, index) => {
    const minute = index * MINUTE_STEP;
    return { value: minute, label: String(minute).padStart(2, '0') };
  });
}

/**
 * Choosing 'earlier' starts at the most recent five-minute step that is not in the
 * future (14:37 → 14:35; 08:15 → 08:15), as epoch milliseconds: a moment the picker
 * can show and the 'in the past' rule accepts, at any hour of the day.
 */
export function defaultEarlier(now: Date): number {
  const step = new Date(now.getTime());
  step.setMinutes(now.getMinutes() - (now.getMinutes() % MINUTE_STEP), 0, 0);
  return step.getTime();
}

/**
 * An earlier moment from the picker's three parts. The day must be one of the
 * picker's seven days; the hour 0-23; the minute a multiple of 5.
 */
export function composeEarlier(now: Date, daysAgo: number, hour: number, minute: number): number {
  if (!Number.isInteger(daysAgo) || daysAgo < 0 || daysAgo >= DATE_PICKER_DAYS) throw new RangeError(`daysAgo out of range: ${daysAgo}`);
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new RangeError(`hour out of range: ${hour}`);
  if (!Number.isInteger(minute) || minute < 0 || minute > 59 || minute % MINUTE_STEP !== 0) throw new RangeError(`minute out of range: ${minute}`);
  const day = subDays(startOfDay(now), daysAgo);
  day.setHours(hour, minute, 0, 0);
  return day.getTime();
}

/** The picker parts of a stored earlier moment. */
export function decomposeEarlier(now: Date, value: number | string): { daysAgo: number; hour: number; minute: number } {
  const date = new Date(value);
  const daysAgo = Math.round((startOfDay(now).getTime() - startOfDay(date).getTime()) / 86_400_000);
  return { daysAgo, hour: date.getHours(), minute: date.getMinutes() };
}

/** Whether the stored value is 'now' or an earlier moment. */
export function dateIndicationKind(value: DateTimeValue): 'now' | 'earlier' | null {
  if (value === 'now') return 'now';
  if (value === null || value === undefined || value === '') return null;
  return 'earlier';
}

/** The moment the value stands for: 'now' is the given now; null when there is no valid value. */
export function resolveDateTime(value: DateTimeValue, now: Date): Date | null {
  if (value === 'now') return new Date(now.getTime());
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `incident_date_start` for the payload: ISO 8601 of the indicated moment (now when unset). */
export function incidentDateStart(value: DateTimeValue, now: Date): string {
  return (resolveDateTime(value, now) ?? now).toISOString();
}

/** Display: 'Vandaag, 09:05' for today, otherwise 'Maandag 3 mei, 09:05'. */
export function formatDateIndication(value: DateTimeValue, now: Date): string {
  const date = resolveDateTime(value, now);
  if (!date) return '';
  const time = format(date, 'HH:mm');
  if (isSameDay(date, now)) return `Vandaag, ${time}`;
  return `${capitalise(format(date, 'EEEE d MMMM', { locale: nl }))}, ${time}`;
}

/** 'Gemeld op' date: dd MMMM in Dutch ('03 mei'). */
export function formatReportedOn(date: Date | string | number): string {
  return format(new Date(date), 'dd MMMM', { locale: nl });
}

/** A created date (lightbox, back office): dd-MM-yyyy HH:mm in Amsterdam time, whatever the PC's zone. */
export function formatCreatedAt(date: Date | string | number): string {
  return formatDateTime(date);
}

/** '1 dag', '3 dagen', '1 werkdag', '5 werkdagen'. */
export function formatDays(count: number, workingDays = false): string {
  return formatDayCount(count, workingDays);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
