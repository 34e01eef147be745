import { describe, expect, it } from 'vitest';
import { compileValidators, type FieldType, type Question } from '../../src/index.ts';

function check(fieldType: FieldType, validators: Question['meta']['validators'], value: unknown, now?: Date, meta = {}) {
  const question: Question = { key: 'q', field_type: fieldType, meta: { label: 'Vraag', validators, ...meta } };
  return compileValidators(question, fieldType).validate(value, { now });
}

const NOW = new Date('2026-05-01T12:00:00Z');

describe('validators', () => {
  it('required: text fields say "Dit is een verplicht veld", whitespace only fails', () => {
    expect(check('textarea_input', ['required'], '   ')).toBe('Dit is een verplicht veld');
    expect(check('text_input', ['required'], '')).toBe('Dit is een verplicht veld');
    expect(check('date_time_input', ['required'], null)).toBe('Dit is een verplicht veld');
    expect(check('textarea_input', ['required'], 'iets')).toBeUndefined();
  });

  it('required: choices say "Dit veld is verplicht"', () => {
    expect(check('radio_input', ['required'], undefined, undefined, { values: { a: 'A' } })).toBe('Dit veld is verplicht');
    expect(check('checkbox_input', ['required'], [])).toBe('Dit veld is verplicht');
    expect(check('radio_input', ['required'], { id: 'a', label: 'A' }, undefined, { values: { a: 'A' } })).toBeUndefined();
  });

  it('required on the question itself works without a required validator', () => {
    const q: Question = { key: 'q', field_type: 'text_input', required: true, meta: { label: 'x' } };
    const compiled = compileValidators(q, 'text_input');
    expect(compiled.required).toBe(true);
    expect(compiled.validate('', {})).toBe('Dit is een verplicht veld');
  });

  it('an empty optional answer passes every other validator', () => {
    expect(check('text_input', ['email', ['minLength', 3], ['pattern', '^a$']], '')).toBeUndefined();
  });

  it('required_true needs a ticked checkbox', () => {
    expect(check('checkbox_input', ['required_true'], false)).toBe('Dit veld is verplicht');
    expect(check('checkbox_input', ['required_true'], { label: 'x', value: false })).toBe('Dit veld is verplicht');
    expect(check('checkbox_input', ['required_true'], { label: 'x', value: true })).toBeUndefined();
    expect(check('checkbox_input', ['required_true'], undefined)).toBe('Dit veld is verplicht');
  });

  it('email needs an @ and a domain, at most 100 characters', () => {
    const message = 'Vul een geldig e-mailadres in, met een @ en een domeinnaam. Bijvoorbeeld: naam@domein.nl';
    expect(check('text_input', ['email'], 'jan')).toBe(message);
    expect(check('text_input', ['email'], 'jan@example')).toBe(message);
    expect(check('text_input', ['email'], 'jan@example.nl')).toBeUndefined();
    expect(check('text_input', ['email'], `${'a'.repeat(96)}@x.nl`)).toBe(message);
  });

  it('max and min compare numbers', () => {
    expect(check('text_input', [['max', 10]], '11')).toBe('Vul een getal in van maximaal 10');
    expect(check('text_input', [['max', 10]], 10)).toBeUndefined();
    expect(check('text_input', [['min', 2]], '1')).toBe('Vul een getal in van minimaal 2');
    expect(check('text_input', [['min', 2]], 'twee')).toBe('Vul een getal in');
  });

  it('maxLength and minLength count characters', () => {
    expect(check('text_input', [['maxLength', 3]], 'abcd')).toBe('U heeft meer dan de maximale 3 tekens ingevoerd');
    expect(check('text_input', [['minLength', 3]], 'ab')).toBe('Vul minimaal 3 tekens in');
    expect(check('text_input', [['minLength', 3]], 'abc')).toBeUndefined();
  });

  it('pattern tests the whole regular expression', () => {
    expect(check('text_input', [['pattern', '^https?://']], 'www.x.nl')).toBe('Dit veld heeft niet de juiste vorm');
    expect(check('text_input', [['pattern', '^https?://']], 'https://x.nl')).toBeUndefined();
  });

  it('text areas allow 1000 characters unless the question sets maxLength', () => {
    expect(check('textarea_input', [], 'a'.repeat(1001))).toBe('U heeft meer dan de maximale 1000 tekens ingevoerd');
    expect(check('textarea_input', [], 'a'.repeat(1000))).toBeUndefined();
    expect(check('textarea_input', [], 'a'.repeat(201), undefined, { maxLength: 200 })).toBe('U heeft meer dan de maximale 200 tekens ingevoerd');
  });

  it('inPast rejects a moment after now, and accepts "now"', () => {
    expect(check('date_time_input', ['inPast'], NOW.getTime() + 60_000, NOW)).toBe('Vul een tijdstip uit het verleden in');
    expect(check('date_time_input', ['inPast'], '2026-05-02T09:00:00Z', NOW)).toBe('Vul een tijdstip uit het verleden in');
    expect(check('date_time_input', ['inPast'], NOW.getTime() - 60_000, NOW)).toBeUndefined();
    expect(check('date_time_input', ['inPast'], 'now', NOW)).toBeUndefined();
  });

  it('falsyOrNumberOrNow accepts empty, a number or "now"; anything else is "Dit is een verplicht veld"', () => {
    expect(check('date_time_input', ['falsyOrNumberOrNow'], null)).toBeUndefined();
    expect(check('date_time_input', ['falsyOrNumberOrNow'], 1714550400000)).toBeUndefined();
    expect(check('date_time_input', ['falsyOrNumberOrNow'], 'now')).toBeUndefined();
    expect(check('date_time_input', ['falsyOrNumberOrNow'], 'gisteren')).toBe('Dit is een verplicht veld');
  });

  it.each([
    ['lichtpunt', 'Kies een locatie of een lichtpunt op de kaart of vul een adres in'],
    ['klok', 'Kies een locatie of een klok op de kaart of vul een adres in'],
    ['boom', 'Kies een locatie of een boom op de kaart of vul een adres in'],
    ['container', 'Kies een locatie of een container op de kaart of vul een adres in'],
  ])('validateObjectLocation %s needs a non-zero lat and lng', (kind, message) => {
    const v = [['validateObjectLocation', kind]] as Question['meta']['validators'];
    expect(check('asset_select', v, { selection: [{ id: '1' }], location: { coordinates: { lat: 0, lng: 0 } } })).toBe(message);
    expect(check('asset_select', v, { selection: [], location: { coordinates: { lat: 52.37, lng: 4.89 } } })).toBeUndefined();
  });

  it('isBlocking marks the question blocking instead of giving a field error', () => {
    const q: Question = { key: 'q', field_type: 'plain_text', meta: { type: 'alert', value: 'Bel 112', validators: ['isBlocking'] } };
    const compiled = compileValidators(q, 'plain_text');
    expect(compiled.blocking).toBe(true);
    expect(compiled.validate(undefined, {})).toBeUndefined();
  });

  it('multi-number texts allow digits, comma, period and semicolon, at most 15 per item', () => {
    expect(check('multi_text_input', [], ['12', '3a'])).toBe('Vul alleen cijfers, komma’s, punten of puntkomma’s in');
    expect(check('multi_text_input', [], ['1'.repeat(16)])).toBe('Vul per nummer maximaal 15 tekens in');
    expect(check('multi_text_input', [], ['12.5', '3;4', '5,6'])).toBeUndefined();
  });
});

describe('validateObjectLocation without required', () => {
  it('still asks for a location when nothing is chosen (as the corpus asset questions rely on)', () => {
    const question: Question = {
      key: 'extra_bomen',
      field_type: 'asset_select',
      required: false,
      meta: { label: 'Boom', validators: [['validateObjectLocation', 'boom']] },
    };
    const compiled = compileValidators(question, 'asset_select');
    expect(compiled.required).toBe(true);
    expect(compiled.validate(undefined, {})).toBe('Kies een locatie of een boom op de kaart of vul een adres in');
  });
});
