/**
 * How an answer reads on the summary page. Pure: the shapes are the renderer's
 * answer values (option, option list, single checkbox, text, date indication,
 * location/asset answer).
 */
import { formatDateIndication, isLocationSet, locationSummaryLines, PINNED_ON_MAP, type DateTimeValue, type EvaluatedQuestion } from '@meldloket/engine';
import { TEXTS } from '../texts.ts';

/** Field types that show no answer of their own. */
const DISPLAY_ONLY = new Set(['plain_text', 'header', 'handling_message', 'hidden_input']);

/**
 * Whether a question gets a summary row: not a notice; a hidden input only when
 * it is required (its value is chosen elsewhere on the page, like the subcategory).
 */
const hasRow = (q: EvaluatedQuestion) => !DISPLAY_ONLY.has(q.fieldType) || (q.fieldType === 'hidden_input' && q.required);

/** A single checkbox (no options) reads 'Ja' or 'Nee'. */
const isSingleCheckbox = (q: EvaluatedQuestion) => q.fieldType === 'checkbox_input' && !q.question.meta.values;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'string') return value.trim() === '';
  return false;
}

function assetLines(value: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const selection = Array.isArray(value.selection) ? (value.selection as Array<Record<string, unknown>>) : [];
  for (const asset of selection) {
    const text = typeof asset.label === 'string' && asset.label ? asset.label : [asset.description, asset.id].filter(Boolean).join(' - ');
    if (text) lines.push(text);
  }
  const location = value.location as Parameters<typeof locationSummaryLines>[0] & { coordinates?: { lat: number; lng: number } };
  if (location && isLocationSet(location.coordinates)) {
    const address = locationSummaryLines(location);
    lines.push(...(address.length ? address : [PINNED_ON_MAP]));
  }
  return lines;
}

/** The answer as text lines; [] when not given. */
export function answerLines(fieldType: string, value: unknown, now: Date): string[] {
  if (isEmpty(value)) return [];
  if (fieldType === 'date_time_input') {
    if (value === 'now') return ['Nu'];
    const text = formatDateIndication(value as DateTimeValue, now);
    return text ? [text] : [];
  }
  if (Array.isArray(value)) {
    return value.map((item) => (isRecord(item) ? String(item.label ?? item.name ?? item.id ?? '') : String(item))).filter((text) => text !== '');
  }
  if (isRecord(value)) {
    if ('location' in value || 'selection' in value) return assetLines(value);
    if (typeof value.value === 'boolean') return value.value ? [String(value.label || TEXTS.yes)] : [];
    if ('label' in value) return [String(value.label)];
    if ('id' in value) return [String(value.id)];
    return [];
  }
  if (typeof value === 'boolean') return value ? [TEXTS.yes] : [];
  return [String(value)];
}

export interface SummaryRow {
  key: string;
  label: string;
  /** Text lines of the answer; empty means not given. */
  lines: string[];
}

/** One row per visible question that takes an answer, in definition order; unanswered ones read 'Niet ingevuld'. */
export function summaryRows(visible: EvaluatedQuestion[], answers: Record<string, unknown>, now: Date): SummaryRow[] {
  return visible.filter(hasRow).map((q) => ({
    key: q.key,
    label: q.question.meta.shortLabel ?? q.question.meta.label ?? q.key,
    lines: isSingleCheckbox(q)
      ? [(answers[q.key] as { value?: unknown } | undefined)?.value === true ? TEXTS.yes : TEXTS.no]
      : answerLines(q.fieldType, answers[q.key], now),
  }));
}
