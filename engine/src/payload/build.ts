import { categoryPath } from '../api/index.ts';
import { createTrustedForm } from '../form/index.ts';
import type { Form } from '../form/types.ts';
import type { IncidentDraft } from '../incident/types.ts';
import { draftAnswers, reportDate, reportLocation } from '../incident/index.ts';
import type { Question } from '../schema/types.ts';
import { coordinatesOf, isEmptyAnswer, normalizePhone } from '../validators/index.ts';
import { EXTRA_PROPERTY_TYPES } from '../schema/index.ts';
import { isoTime, toApiAnswer } from './answers.ts';
import type { CreateSignalPayload, ExtraProperty, PayloadAddress } from './types.ts';

export interface PayloadOptions {
  /** The moment of sending: 'now' in the date indication becomes this. */
  now: Date;
  /** Signed-in staff send priority and type. */
  isAuthenticated?: boolean;
  /** The compiled form of `draft.questions`; compiled here when not given. */
  form?: Form;
  /** The sub-category URL; by default the relative public URL of draft.category / draft.subcategory. */
  categoryUrl?: string;
}

/** The relative URL of a sub-category, as the create call and extra_properties take it. */
export function subCategoryUrl(category: string, subcategory: string): string {
  return categoryPath(category, subcategory);
}

const forms = new WeakMap<readonly Question[], Form>();

/** The draft's questions were compiled, and so checked, when the wizard took them in: not checked again. */
function formFor(questions: readonly Question[]): Form {
  let form = forms.get(questions);
  if (!form) {
    form = createTrustedForm(questions as Question[]);
    forms.set(questions, form);
  }
  return form;
}

const ADDRESS_FIELDS = ['openbare_ruimte', 'huisnummer', 'huisletter', 'huisnummer_toevoeging', 'postcode', 'woonplaats'] as const;

/**
 * The address fields the backend understands. Left out unless it has a
 * street and a house number: the reference backend fails with a 500 on an
 * address without them.
 */
function payloadAddress(address: Record<string, unknown> | undefined): PayloadAddress | undefined {
  if (!address || !address.openbare_ruimte || (address.huisnummer !== 0 && !address.huisnummer)) return undefined;
  const result: Record<string, unknown> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = address[field];
    if (field === 'huisnummer' ? typeof value === 'number' || typeof value === 'string' : typeof value === 'string') result[field] = value;
  }
  return result as PayloadAddress;
}

/**
 * The submit payload of the spec (docs/reference/screens.md#entities 'Submit payload'): the draft's
 * description, category, location, date, reporter and the answers of the
 * visible pathMerge questions as extra_properties. handling_message is never
 * sent; priority and type only for staff. Hidden questions' answers never
 * reach the payload.
 */
export function buildPayload(draft: IncidentDraft, options: PayloadOptions): CreateSignalPayload {
  const { now, isAuthenticated = false } = options;
  const categoryUrl = options.categoryUrl ?? subCategoryUrl(draft.category, draft.subcategory);
  const questions = draft.questions ?? [];
  const form = options.form ?? formFor(questions);
  const evaluation = form.evaluate(draftAnswers(draft), { isAuthenticated, now });
  const answers = evaluation.effectiveAnswers;

  const extra: ExtraProperty[] = [];
  for (const q of evaluation.visible) {
    const { question, fieldType } = q;
    if (question.meta.pathMerge !== 'extra_properties' || !EXTRA_PROPERTY_TYPES.has(fieldType)) continue;
    const value = fieldType === 'hidden_input' && answers[q.key] === undefined ? question.meta.value : answers[q.key];
    if (isEmptyAnswer(value)) continue;
    extra.push({
      id: q.key,
      label: question.meta.shortLabel || question.meta.label || q.key,
      category_url: categoryUrl,
      answer: toApiAnswer(question, fieldType, value, now),
    });
  }

  // Location and date are answers (engine/src/incident/derived.ts), read through the field-type table.
  const location = reportLocation(evaluation);
  const coordinates = coordinatesOf(location) ?? { lat: 0, lng: 0 };
  const address = payloadAddress(location?.address as Record<string, unknown> | undefined);
  const dateAnswer = reportDate(evaluation);
  const email = typeof draft.email === 'string' ? draft.email.trim() : '';
  const phone = typeof draft.phone === 'string' ? normalizePhone(draft.phone).trim() : '';

  const payload: CreateSignalPayload = {
    text: draft.description,
    category: { sub_category: categoryUrl },
    location: {
      geometrie: { type: 'Point', coordinates: [coordinates.lng, coordinates.lat] },
      ...(address && { address }),
    },
    incident_date_start: isoTime(dateAnswer ?? 'now', now) ?? now.toISOString(),
    reporter: {
      email: email === '' ? null : email,
      phone: phone === '' ? null : phone,
      sharing_allowed: draft.sharing_allowed?.value === true,
    },
    source: draft.source?.id || draft.source?.label || 'online',
    extra_properties: extra,
  };
  if (isAuthenticated) {
    payload.priority = { priority: draft.priority?.id ?? 'normal' };
    payload.type = { code: draft.type?.id ?? 'SIG' };
  }
  return payload;
}

