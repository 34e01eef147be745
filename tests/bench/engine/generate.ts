import { createForm, type Answers, type Question } from '../../../engine/src/index.ts';

const values = (...ids: string[]) => Object.fromEntries(ids.map((id) => [id, id.toUpperCase()]));

/**
 * A synthetic question set of `count` questions in groups of ten, shaped like
 * real category forms: a radio per group shown for some subcategories, with
 * follow-up questions on its answer, a checkbox list with an ifAllOf
 * follow-up, nested blocks, a notice, a header and a date. Every fifth group
 * also depends on the group before it, so hiding cascades across groups.
 */
export function generateQuestionSet(count: number): Question[] {
  const questions: Question[] = [];
  for (let g = 0; questions.length < count; g++) {
    const p = `extra_g${g}`;
    const previous = g > 0 && g % 5 === 0 ? { [`extra_g${g - 1}_ja_nee`]: 'ja' } : {};
    const group: Question[] = [
      { key: `${p}_header`, field_type: 'header', meta: { label: `Groep ${g}` } },
      {
        key: `${p}_wat`,
        field_type: 'radio_input',
        required: true,
        meta: { label: 'Wat?', values: values('a', 'b', 'c'), ifOneOf: { subcategory: [`sub-${g % 20}`, 'alle'], ...previous }, pathMerge: 'extra_properties', validators: ['required'] },
      },
      { key: `${p}_tekst`, field_type: 'text_input', required: true, meta: { label: 'Tekst', ifOneOf: { [`${p}_wat`]: 'a' }, validators: ['required', ['maxLength', 100]] } },
      { key: `${p}_welke`, field_type: 'checkbox_input', meta: { label: 'Welke?', values: values('x', 'y', 'z'), ifOneOf: { [`${p}_wat`]: ['a', 'b'] } } },
      { key: `${p}_toelichting`, field_type: 'textarea_input', meta: { label: 'Toelichting', ifAllOf: { [`${p}_welke`]: ['x', 'y'] } } },
      { key: `${p}_ja_nee`, field_type: 'radio_input', required: true, meta: { label: 'Ja of nee?', values: values('ja', 'nee'), ifOneOf: { [`${p}_wat`]: ['a', 'c'] }, validators: ['required'] } },
      { key: `${p}_let_op`, field_type: 'plain_text', meta: { type: 'caution', value: 'Let op', ifAllOf: { [`${p}_ja_nee`]: 'nee', ifOneOf: { [`${p}_wat`]: 'c', [`${p}_welke`]: 'z' } } } },
      { key: `${p}_soort`, field_type: 'select_input', meta: { label: 'Soort', values: values('een', 'twee', 'drie'), ifOneOf: { [`${p}_ja_nee`]: 'ja' } } },
      { key: `${p}_wanneer`, field_type: 'date_time_input', meta: { label: 'Wanneer?', ifOneOf: { [`${p}_wat`]: 'b' }, validators: ['falsyOrNumberOrNow', 'inPast'] } },
      { key: `${p}_nummer`, field_type: 'text_input', meta: { label: 'Nummer', ifAllOf: { [`${p}_ja_nee`]: 'ja', [`${p}_soort`]: 'twee' }, validators: [['maxLength', 15]] } },
    ];
    questions.push(...group.slice(0, count - questions.length));
  }
  return questions;
}

function answerOf(q: Question): unknown {
  const ids = Object.keys(q.meta.values ?? {});
  switch (q.field_type) {
    case 'radio_input':
    case 'select_input':
      return ids.length ? { id: ids[0], label: q.meta.values![ids[0]] } : undefined;
    case 'checkbox_input':
      return ids.length ? ids.map((id) => ({ id, label: q.meta.values![id] })) : { label: 'x', value: true };
    case 'text_input':
    case 'textarea_input':
      return 'x';
    case 'date_time_input':
      return 'now';
    default:
      return undefined;
  }
}

/**
 * A consistent answer state, filled in the way a person fills in the form:
 * in order, answering each question that is visible at that moment (radio
 * and select: the first option, checkbox list: every option, text 'x',
 * date 'now'). No hidden question has an answer, so engines that do and do
 * not let hiding cascade agree on what is visible.
 */
export function answersFor(questions: Question[], subcategory: string, category = ''): Answers {
  const form = createForm({ questions });
  let answers: Answers = { category, subcategory };
  for (const q of questions) {
    const value = answerOf(q);
    if (value === undefined) continue;
    if (!new Set(form.evaluate(answers).visibleKeys).has(q.key)) continue;
    answers = { ...answers, [q.key]: value };
  }
  return answers;
}
