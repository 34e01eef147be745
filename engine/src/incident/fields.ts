/**
 * The draft's own fields that are answers to questions of the wizard's step
 * question sets (question-sets/wizard/): one place that says which question key
 * is which draft field, read by every step's form and written by the 'answer'
 * action. Every other question key is stored in `draft.answers`.
 */
import type { Draft } from 'immer';
import type { Answers } from '../schema/types.ts';
import type { ImageDraft, IncidentDraft, Option } from './types.ts';

export const DRAFT_ANSWER_KEYS = ['description', 'images', 'source', 'priority', 'type', 'phone', 'email', 'sharing_allowed'] as const;
export type DraftAnswerKey = (typeof DRAFT_ANSWER_KEYS)[number];

export const isDraftAnswerKey = (key: string): key is DraftAnswerKey => (DRAFT_ANSWER_KEYS as readonly string[]).includes(key);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function option(value: unknown): Option | undefined {
  if (!value || typeof value !== 'object' || !('id' in value)) return undefined;
  const { id, label } = value as { id: unknown; label?: unknown };
  return { id: String(id), label: typeof label === 'string' ? label : String(id) };
}

/** A photo list as the draft keeps it: name, type and size; the files themselves stay out of the draft. */
function images(value: unknown): ImageDraft[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is ImageDraft => Boolean(item) && typeof item === 'object' && typeof (item as ImageDraft).id === 'string')
    .map(({ id, name, type, size }) => ({ id, name, type, size }));
}

/** Stores the answer to a question whose key is a draft field, in the draft's shape. */
export function writeDraftAnswer(draft: Draft<IncidentDraft>, key: DraftAnswerKey, value: unknown): void {
  switch (key) {
    case 'description':
    case 'phone':
    case 'email':
      draft[key] = text(value);
      return;
    case 'images':
      draft.images = images(value);
      return;
    case 'source':
      draft.source = option(value) ?? null;
      return;
    case 'priority':
    case 'type': {
      // Radio answers cannot be cleared: keep the current one.
      const chosen = option(value);
      if (chosen) draft[key] = chosen;
      return;
    }
    case 'sharing_allowed': {
      const record = value && typeof value === 'object' ? (value as { label?: unknown; value?: unknown }) : {};
      draft.sharing_allowed = { label: record.value === true ? text(record.label) : '', value: record.value === true };
      return;
    }
  }
}

/**
 * The values every step's conditions and validators see: the draft fields that
 * are answers, the other answers by key, and the chosen category and subcategory.
 * Unchanged parts keep their identity, so an incremental evaluation skips them.
 */
export function draftAnswers(draft: IncidentDraft): Answers {
  return {
    dateTime: draft.dateTime,
    ...draft.answers,
    description: draft.description,
    images: draft.images,
    source: draft.source,
    priority: draft.priority,
    type: draft.type,
    phone: draft.phone,
    email: draft.email,
    sharing_allowed: draft.sharing_allowed,
    category: draft.category,
    subcategory: draft.subcategory,
  };
}
