import type { Condition, Question, Scalar, ValueLeaf } from '../../../engine/src/index.ts';
import { fieldTypeOfCode, foldCondition, normalizeConditions } from '../../../engine/src/index.ts';

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

/**
 * The same form for SurveyJS: same questions, options, required flags and
 * visibility (ifOneOf/ifAllOf turned into SurveyJS expressions; category and
 * subcategory become survey variables). Answers of hidden questions are
 * cleared when they hide, so hiding cascades as in our engine.
 */
export function toSurveyJson(questions: Question[]): Record<string, unknown> {
  const kinds: Kinds = new Map(
    questions.map((q) => [q.key, q.field_type === 'checkbox_input' && q.meta.values ? 'list' : 'single'] as const),
  );
  const elements = questions.map((q) => {
    const type = fieldTypeOfCode(q.field_type) ?? q.field_type;
    const condition = normalizeConditions(q.meta);
    const base = {
      name: q.key,
      title: q.meta.label ?? q.key,
      isRequired: q.required === true,
      ...(condition ? { visibleIf: conditionExpression(condition, kinds) } : {}),
    };
    const choices = Object.keys(q.meta.values ?? {});
    const maxLength = (q.meta.validators ?? []).find((v): v is [string, number] => Array.isArray(v) && v[0] === 'maxLength')?.[1];
    switch (type) {
      case 'radio_input':
        return { ...base, type: 'radiogroup', choices };
      case 'select_input':
        return { ...base, type: 'dropdown', choices };
      case 'checkbox_input':
        return choices.length ? { ...base, type: 'checkbox', choices } : { ...base, type: 'boolean' };
      case 'textarea_input':
        return { ...base, type: 'comment', ...(maxLength ? { maxLength } : {}) };
      case 'header':
      case 'plain_text':
        return { ...base, type: 'html', html: String(q.meta.value ?? q.meta.label ?? '') };
      default:
        return { ...base, type: 'text', ...(maxLength ? { maxLength } : {}) };
    }
  });
  return { clearInvisibleValues: 'onHidden', checkErrorsMode: 'onValueChanged', pages: [{ name: 'vulaan', elements }] };
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
