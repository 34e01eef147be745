/**
 * Splitting a report into child reports (docs/reference/api.md#staff-create: one bulk create of at most
 * 10 items, each with `parent`), every child with its own subcategory, text and
 * location; and linking nearby reports as children.
 */
import type { IncidentDetail } from './api.ts';
import { locationBlock, type PickedLocation } from './location.ts';
import { INCIDENT_TEXTS } from './texts.ts';

/** SIGNAL_MAX_NUMBER_OF_CHILDREN (docs/reference/api.md#staff-create). */
export const MAX_CHILDREN = 10;

export interface SplitPart {
  key: number;
  categoryUrl: string;
  text: string;
  /** false: the parent's location; true: `picked` (the parent's until a point is picked). */
  moved: boolean;
  picked: PickedLocation | null;
}

/** A new child starts empty: the handler chooses its subcategory and writes its text (a click never copies the parent). */
export const newPart = (key: number): SplitPart => ({ key, categoryUrl: '', text: '', moved: false, picked: null });

export interface PartErrors {
  category?: string;
  text?: string;
}

export function splitErrors(parts: readonly SplitPart[]): Record<number, PartErrors> {
  const errors: Record<number, PartErrors> = {};
  for (const part of parts) {
    const e: PartErrors = {};
    if (!part.categoryUrl) e.category = INCIDENT_TEXTS.split.categoryRequired;
    if (!part.text.trim()) e.text = INCIDENT_TEXTS.split.textRequired;
    if (e.category || e.text) errors[part.key] = e;
  }
  return errors;
}

/** The bulk-create body: one child per part, in the parent's place unless moved. */
export function splitBody(detail: IncidentDetail, parts: readonly SplitPart[]) {
  const parentLocation = { geometrie: detail.location.geometrie, ...(detail.location.address ? { address: detail.location.address } : {}) };
  return parts.map((part) => ({
    parent: detail.id,
    text: part.text.trim(),
    category: { sub_category: part.categoryUrl },
    location: part.moved && part.picked ? locationBlock(part.picked) : parentLocation,
    incident_date_start: detail.incident_date_start,
    priority: { priority: detail.priority.priority },
    type: { code: detail.type.code },
    reporter: {},
  }));
}
