import { describe, expect, it } from 'vitest';
import { createForm, QuestionSetInvalidError, type Question } from '../../src/index.ts';
import { notice, pick, radio, text } from '../helpers.ts';

const NOW = new Date('2026-05-01T10:00:00Z');

describe('createForm / evaluate', () => {
  it('refuses an invalid question set with the schema errors', () => {
    expect(() => createForm([{ key: 'r', field_type: 'radio_input', meta: { label: 'x' } }])).toThrow(QuestionSetInvalidError);
    try {
      createForm([{ key: 'r', field_type: 'radio_input', meta: { label: 'x' } }]);
    } catch (e) {
      expect((e as QuestionSetInvalidError).errors[0]).toMatchObject({ key: 'r', pointer: '/0/meta' });
    }
  });

  it('loads a Signalen questions response ({results: […]}) unchanged', () => {
    const response = {
      count: 2,
      results: [
        { key: 'extra_container_kind', field_type: 'radio_input', required: true, meta: { label: 'Welke?', values: { rest: 'Rest' }, ifOneOf: { subcategory: 'container-is-vol' } } },
        { key: 'toelichting', field_type: 'text_area_input', required: false, meta: { label: 'Toelichting' } },
      ],
    };
    const result = createForm(response).evaluate({ subcategory: 'container-is-vol' });
    expect(result.visibleKeys).toEqual(['extra_container_kind', 'toelichting']);
    expect(result.errors).toEqual({ extra_container_kind: 'Dit veld is verplicht' });
  });

  it('returns the visible questions in definition order with aliases resolved', () => {
    const form = createForm({
      questions: [
        { key: 'kop', field_type: 'question_header', meta: { label: 'Kop' } },
        { key: 'tekst', field_type: 'text_area_input', meta: { label: 'Vertel', ifOneOf: { subcategory: 'x' } } },
        { key: 'datum', field_type: 'date_time_input', meta: { label: 'Wanneer?' } },
      ],
    });
    const result = form.evaluate({ subcategory: 'y' });
    expect(result.visibleKeys).toEqual(['kop', 'datum']);
    expect(result.visible.map((q) => q.fieldType)).toEqual(['header', 'date_time_input']);
    expect(form.evaluate({ subcategory: 'x' }).visible.map((q) => q.fieldType)).toEqual(['header', 'textarea_input', 'date_time_input']);
  });

  it('reports the first failing validator per visible question and cannot advance with the global message', () => {
    const form = createForm([text('naam', {}, true), text('mail', { validators: ['email'] })]);
    const result = form.evaluate({ mail: 'geen-adres' });
    expect(result.errors).toEqual({
      naam: 'Dit is een verplicht veld',
      mail: 'Vul een geldig e-mailadres in, met een @ en een domeinnaam. Bijvoorbeeld: naam@domein.nl',
    });
    expect(result.canAdvance).toBe(false);
    expect(result.globalMessage).toBe('U hebt niet alle vragen (juist) beantwoord. Vul hieronder aan alstublieft.');
    expect(result.visible[0]).toMatchObject({ key: 'naam', required: true, error: 'Dit is een verplicht veld' });
    const fixed = form.evaluate({ naam: 'Jan', mail: 'jan@example.nl' });
    expect(fixed.errors).toEqual({});
    expect(fixed.canAdvance).toBe(true);
    expect(fixed.globalMessage).toBeUndefined();
  });

  it('a visible blocking notice blocks the form with the blocking message', () => {
    const form = createForm([
      radio('gevaar', ['ja', 'nee'], {}, true),
      notice('bel112', { type: 'alert', value: 'Bel 112', validators: ['isBlocking'], ifOneOf: { gevaar: 'ja' } }),
    ]);
    const blocked = form.evaluate({ gevaar: pick('ja') });
    expect(blocked.blocked).toBe(true);
    expect(blocked.canAdvance).toBe(false);
    expect(blocked.blockingMessage).toBe(
      'U kunt dit formulier niet verder invullen. Lees onder de antwoorden waar u uw melding wel kunt doen.',
    );
    expect(blocked.visible.find((q) => q.key === 'bel112')?.blocking).toBe(true);
    const open = form.evaluate({ gevaar: pick('nee') });
    expect(open.blocked).toBe(false);
    expect(open.canAdvance).toBe(true);
  });

  it('takes the time from the context: inPast follows context.now', () => {
    const question: Question = { key: 'wanneer', field_type: 'date_time_input', meta: { label: 'Wanneer?', validators: ['inPast'] } };
    const form = createForm([question]);
    const moment = Date.parse('2026-05-01T09:00:00Z');
    expect(form.evaluate({ wanneer: moment }, { now: NOW }).errors).toEqual({});
    expect(form.evaluate({ wanneer: moment }, { now: new Date('2026-05-01T08:00:00Z') }).errors).toEqual({
      wanneer: 'Vul een tijdstip uit het verleden in',
    });
  });

  it('uses the context given to createForm when evaluate gets none', () => {
    const form = createForm([notice('staff', { authenticated: true })], { isAuthenticated: true });
    expect(form.evaluate({}).visibleKeys).toEqual(['staff']);
    expect(form.evaluate({}, { isAuthenticated: false }).visibleKeys).toEqual([]);
  });

  it('leaves hidden questions out of effectiveAnswers but keeps category and subcategory', () => {
    const form = createForm([radio('a', ['ja', 'nee']), text('b', { ifOneOf: { a: 'ja' } })]);
    expect(form.evaluate({ category: 'afval', subcategory: 'grofvuil', a: pick('nee'), b: 'tekst' }).effectiveAnswers).toEqual({
      category: 'afval',
      subcategory: 'grofvuil',
      a: pick('nee'),
    });
  });
});

describe('incremental evaluation', () => {
  const questions = [
    radio('a', ['ja', 'nee']),
    radio('b', ['ja', 'nee'], { ifOneOf: { a: 'ja' } }),
    notice('c', { ifOneOf: { b: 'ja' } }),
    radio('x', ['ja', 'nee']),
    notice('y', { ifOneOf: { x: 'ja' } }),
    notice('z', { ifOneOf: { subcategory: 's' } }),
  ];

  it('the first evaluation computes every question', () => {
    const form = createForm(questions);
    form.evaluate({});
    expect(form.lastStats).toMatchObject({ full: true, visibilityChecks: 6 });
  });

  it('re-evaluates only the questions that read the changed answer', () => {
    const form = createForm(questions);
    const answers = { a: pick('nee') };
    form.evaluate(answers);
    form.evaluate({ ...answers, x: pick('ja') });
    expect(form.lastStats).toMatchObject({ full: false, recomputedKeys: ['y'] });
  });

  it('follows a visibility change to the questions that read the shown or hidden question', () => {
    const form = createForm(questions);
    const answers = { a: pick('ja'), b: pick('ja') };
    expect(form.evaluate(answers).visibleKeys).toEqual(['a', 'b', 'c', 'x']);
    const result = form.evaluate({ ...answers, a: pick('nee') });
    expect(form.lastStats?.recomputedKeys).toEqual(['b', 'c']);
    expect(result.visibleKeys).toEqual(['a', 'x']);
  });

  it('an unchanged answer object recomputes nothing', () => {
    const form = createForm(questions);
    const answers = { a: pick('ja') };
    const first = form.evaluate(answers);
    const second = form.evaluate({ ...answers });
    expect(form.lastStats).toMatchObject({ visibilityChecks: 0, validations: 0 });
    expect(second.visibleKeys).toEqual(first.visibleKeys);
  });

  it('a later moment re-checks only the visible questions whose validity depends on time', () => {
    const when: Question = { key: 'wanneer', field_type: 'date_time_input', meta: { label: 'Wanneer?', validators: ['inPast'] } };
    const form = createForm([when, text('naam', {}, true)]);
    const moment = Date.parse('2026-05-01T11:00:00Z');
    expect(form.evaluate({ wanneer: moment }, { now: NOW }).errors).toEqual({
      wanneer: 'Vul een tijdstip uit het verleden in',
      naam: 'Dit is een verplicht veld',
    });
    const later = form.evaluate({ wanneer: moment }, { now: new Date('2026-05-01T12:00:00Z') });
    expect(form.lastStats).toMatchObject({ full: false, validations: 1 });
    expect(later.errors).toEqual({ naam: 'Dit is een verplicht veld' });
  });

  it('changing the signed-in state recomputes everything', () => {
    const form = createForm(questions);
    form.evaluate({});
    form.evaluate({}, { isAuthenticated: true });
    expect(form.lastStats?.full).toBe(true);
  });

  it('questions that read each other settle to the same result every time', () => {
    const loop = [radio('p', ['ja'], { ifOneOf: { q: 'ja' } }), radio('q', ['ja'], { ifOneOf: { p: 'ja' } })];
    const form = createForm(loop);
    expect(form.evaluate({ p: pick('ja'), q: pick('ja') }).visibleKeys).toEqual(['p', 'q']);
    expect(form.evaluate({ q: pick('ja') }).visibleKeys).toEqual([]);
    expect(createForm(loop).evaluate({ q: pick('ja') }).visibleKeys).toEqual([]);
  });
});
