export {
  DATE_INDICATION_OPTIONS,
  DATE_PICKER_DAYS,
  MINUTE_STEP,
  dayOptions,
  hourOptions,
  minuteOptions,
  defaultEarlier,
  composeEarlier,
  decomposeEarlier,
  dateIndicationKind,
  resolveDateTime,
  incidentDateStart,
  formatDateIndication,
  formatReportedOn,
  formatCreatedAt,
  formatDays,
} from './indication.ts';
export type { PickerOption } from './indication.ts';
export { DISPLAY_TIME_ZONE, formatInAmsterdam, formatDateTime, formatLongDateTime, formatFileStamp, weekdayName } from './amsterdam.ts';
