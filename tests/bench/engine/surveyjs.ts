/**
 * Our question sets as SurveyJS (survey-core) forms, for the side-by-side
 * benchmark: the same questions, options, visibility (read from the engine's
 * normalised conditions) and every validator the sets use, translated to
 * SurveyJS's own validators or to expression validators over registered
 * functions that do the same check.
 */
import { FunctionFactory } from 'survey-core';
import type { Condition, Question, Scalar, ValueLeaf } from '../../../engine/src/index.ts';
import { fieldTypeOfCode, foldCondition, normalizeConditions, TEXTAREA_MAX_LENGTH, timeOf } from '../../../engine/src/index.ts';

/** Which question keys are checkbox lists (their SurveyJS value is an array). */
type Kinds = Map<string, 'list' | 'single'>;

const literal = (value: Scalar) => (typeof value === 'string' ? `'${value.replace(/'/g, "\\'")}'` : String(value));

function leafExpression({ key, values, match }: ValueLeaf, kinds: Kinds): string {
  const ref = `{${key}}`;
  if (kinds.get(key) === 'list') {
    return `${ref} ${match === 'oneOf' ? 'anyof' : 'allof'} [${values.map(literal).join(', ')}]`;
  }
  const tests = values.map((v) => `${ref} = ${literal(v)}`);
  return tests.length === 1 ? tests[0] : `(${tests.join(match === 'oneOf' ? ' or ' : ' and ')})`;
}

/** A question's normalised conditions as a SurveyJS expression (JSON Logic has no SurveyJS equivalent: refused). */
export function conditionExpression(condition: Condition, kinds: Kinds): string {
  return foldCondition<string>(condition, {
    leaf: (leaf) => leafExpression(leaf, kinds),
    logic: (leaf) => {
      throw new Error(`visibleIf at ${leaf.pointer} cannot be translated to SurveyJS`);
    },
    all: (parts) => parts.map((p) => `(${p})`).join(' and '),
    any: (parts) => parts.map((p) => `(${p})`).join(' or '),
  });
}

// The date checks as SurveyJS functions (same rule as the engine's validators).
const NOW = new Date('2026-06-15T10:00:00Z');
FunctionFactory.Instance.register('ml_inPast', (params: unknown[]) => {
  const ms = timeOf(params[0], NOW);
  return ms === undefined || ms <= NOW.getTime();
});
FunctionFactory.Instance.register('ml_dateValue', (params: unknown[]) => {
  const value = params[0];
  return !value || value === 'now' || timeOf(value, NOW) !== undefined;
});
FunctionFactory.Instance.register('ml_chosen', (params: unknown[]) => params[0] !== undefined && params[0] !== null && params[0] !== '');

/** The engine's moment for the same checks. */
export const BENCH_NOW = NOW;

type Validator = Record<string, unknown>;

/** SurveyJS validators for a question's validators and the checks its field type brings. */
function validatorsOf(q: Question, type: string): { validators: Validator[]; required: boolean; blocking: boolean } {
  const validators: Validator[] = [];
  let required = q.required === true;
  let blocking = q.meta.isBlocking === true;
  const ref = `{${q.key}}`;
  for (const spec of q.meta.validators ?? []) {
    const [name, arg] = Array.isArray(spec) ? [spec[0], spec[1]] : [spec, undefined];
    switch (name) {
      case 'required':
        required = true;
        break;
      case 'required_true':
        required = true;
        validators.push({ type: 'expression', expression: `${ref} = true`, text: 'Dit veld is verplicht' });
        break;
      case 'email':
        validators.push({ type: 'email' });
        break;
      case 'maxLength':
        validators.push({ type: 'text', maxLength: arg });
        break;
      case 'minLength':
        validators.push({ type: 'text', minLength: arg });
        break;
      case 'max':
        validators.push({ type: 'numeric', maxValue: arg });
        break;
      case 'min':
        validators.push({ type: 'numeric', minValue: arg });
        break;
      case 'pattern':
        validators.push({ type: 'regex', regex: arg });
        break;
      case 'isBlocking':
        blocking = true;
        break;
      case 'inPast':
        validators.push({ type: 'expression', expression: `ml_inPast(${ref})`, text: 'Vul een tijdstip uit het verleden in' });
        break;
      case 'falsyOrNumberOrNow':
        validators.push({ type: 'expression', expression: `ml_dateValue(${ref})`, text: 'Dit is een verplicht veld' });
        break;
      case 'validateObjectLocation':
        required = true;
        validators.push({ type: 'expression', expression: `ml_chosen(${ref})`, text: 'Kies een locatie op de kaart' });
        break;
      default:
        throw new Error(`validator ${String(name)} of ${q.key} has no SurveyJS translation`);
    }
  }
  if (type === 'textarea_input' || type === 'description_with_classification_input') {
    validators.push({ type: 'text', maxLength: typeof q.meta.maxLength === 'number' ? q.meta.maxLength : TEXTAREA_MAX_LENGTH });
  } else if (type === 'text_input' && typeof q.meta.maxLength === 'number') {
    validators.push({ type: 'text', maxLength: q.meta.maxLength });
  }
  return { validators, required, blocking };
}

/**
 * The same form for SurveyJS: same questions, options, required flags,
 * validators and visibility (category and subcategory become survey
 * variables). A blocking notice becomes an expression question that fails
 * validation whenever it is shown, so the page cannot advance while it is.
 * Answers of hidden questions are cleared when they hide, so hiding cascades
 * as in our engine. Errors are checked SurveyJS's default way (on the next
 * page; the benchmark asks with validate() after every change).
 */
export function toSurveyJson(questions: Question[]): Record<string, unknown> {
  const kinds: Kinds = new Map(
    questions.map((q) => [q.key, q.field_type === 'checkbox_input' && q.meta.values ? 'list' : 'single'] as const),
  );
  const elements = questions.map((q) => {
    const type = fieldTypeOfCode(q.field_type) ?? q.field_type;
    const condition = normalizeConditions(q.meta);
    const { validators, required, blocking } = validatorsOf(q, type);
    const base = {
      name: q.key,
      title: q.meta.label ?? q.key,
      isRequired: required,
      ...(validators.length ? { validators } : {}),
      ...(condition ? { visibleIf: conditionExpression(condition, kinds) } : {}),
    };
    const choices = Object.keys(q.meta.values ?? {});
    if (blocking) {
      return { ...base, type: 'expression', expression: 'true', validators: [{ type: 'expression', expression: 'false', text: 'U kunt dit formulier niet verder invullen.' }] };
    }
    switch (type) {
      case 'radio_input':
        return { ...base, type: 'radiogroup', choices };
      case 'select_input':
        return { ...base, type: 'dropdown', choices };
      case 'checkbox_input':
      case 'emphasis_checkbox_input':
        return choices.length ? { ...base, type: 'checkbox', choices } : { ...base, type: 'boolean' };
      case 'textarea_input':
        return { ...base, type: 'comment' };
      case 'header':
      case 'plain_text':
      case 'handling_message':
        return { ...base, type: 'html', html: String(q.meta.value ?? q.meta.label ?? '') };
      default:
        return { ...base, type: 'text' };
    }
  });
  return { clearInvisibleValues: 'onHidden', pages: [{ name: 'vulaan', elements }] };
}

/** Our answers in SurveyJS's value shapes: radio ids, checkbox id lists, single checkbox booleans. */
export function toSurveyValue(answer: unknown): unknown {
  if (Array.isArray(answer)) return answer.map((item) => (item && typeof item === 'object' ? (item as { id: unknown }).id : item));
  if (answer && typeof answer === 'object') {
    const record = answer as { id?: unknown; value?: unknown };
    return record.id ?? record.value;
  }
  return answer;
}
