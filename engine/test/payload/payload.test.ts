import { describe, expect, it } from 'vitest';
import { buildPayload, createInitialDraft, validateCreatePayload, type DateTimeValue, type IncidentDraft, type IncidentLocation, type Question } from '../../src/index.ts';
import { checkboxes, notice, pick, radio, text, ticks } from '../helpers.ts';

const NOW = new Date('2026-05-01T10:00:00Z');
const URL = '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil';

const questions: Question[] = [
  radio('extra_soort', ['rest', 'papier'], { shortLabel: 'Soort container', pathMerge: 'extra_properties' }),
  text('extra_waar', { label: 'Waar precies?', pathMerge: 'extra_properties', ifOneOf: { extra_soort: 'papier' } }),
  checkboxes('extra_wat', ['kapot', 'vol'], { shortLabel: 'Probleem', pathMerge: 'extra_properties' }),
  notice('extra_info', { pathMerge: 'extra_properties' }),
  text('intern', { label: 'Niet meesturen' }),
];

const DAM: IncidentLocation = {
  coordinates: { lat: 52.3731, lng: 4.8936 },
  address: { openbare_ruimte: 'Dam', huisnummer: 1, postcode: '1012JS', woonplaats: 'Amsterdam', stadsdeel: 'A' },
};
/** Location and date are answers of their questions, not draft fields. */
const LOCATION: Question = { key: 'locatie', field_type: 'location_select', meta: { label: 'Waar is het?' } };
const DATE: Question = { key: 'dateTime', field_type: 'date_time_input', meta: { label: 'Wanneer was het?' } };

function draft(overrides: Partial<IncidentDraft> & { location?: IncidentLocation; dateTime?: DateTimeValue } = {}): IncidentDraft {
  const { location = DAM, dateTime, answers, ...rest } = overrides;
  return {
    ...createInitialDraft(),
    description: 'Er ligt grofvuil naast de container',
    category: 'afval',
    subcategory: 'grofvuil',
    handling_message: 'We gaan zo snel mogelijk aan de slag.',
    questions: [LOCATION, DATE, ...questions],
    ...rest,
    answers: { locatie: { location }, ...(dateTime !== undefined && { dateTime }), ...answers },
  };
}

describe('buildPayload', () => {
  it("sends a map_input's point as an extra property and never as the report's location, even asked first", () => {
    const MOORING: Question = { key: 'extra_ligplaats', field_type: 'map_input', meta: { label: 'Waar ligt de boot meestal?', shortLabel: 'Ligplaats', pathMerge: 'extra_properties' } };
    const elsewhere = { location: { coordinates: { lat: 52.36, lng: 4.91 } } };
    const payload = buildPayload(draft({ questions: [MOORING, LOCATION, DATE], answers: { extra_ligplaats: elsewhere } }), { now: NOW });
    expect(payload.location.geometrie.coordinates).toEqual([4.8936, 52.3731]);
    expect(payload.extra_properties).toContainEqual(expect.objectContaining({ id: 'extra_ligplaats', label: 'Ligplaats', answer: elsewhere }));
  });

  it('builds the anonymous create body of the spec and it validates against the create schema', () => {
    const payload = buildPayload(draft({ email: ' melder@example.com ', phone: '06-1234 5678', dateTime: 'now' }), { now: NOW });
    expect(payload).toEqual({
      text: 'Er ligt grofvuil naast de container',
      category: { sub_category: URL },
      location: {
        geometrie: { type: 'Point', coordinates: [4.8936, 52.3731] },
        address: { openbare_ruimte: 'Dam', huisnummer: 1, postcode: '1012JS', woonplaats: 'Amsterdam' },
      },
      incident_date_start: '2026-05-01T10:00:00.000Z',
      reporter: { email: 'melder@example.com', phone: '06-1234 5678', sharing_allowed: false },
      source: 'online',
      extra_properties: [],
    });
    expect(validateCreatePayload(payload)).toEqual({ valid: true, errors: [] });
  });

  it('never sends handling_message', () => {
    expect(JSON.stringify(buildPayload(draft(), { now: NOW }))).not.toContain('handling_message');
  });

  it('puts visible pathMerge answers in extra_properties with id, short label, category_url and answer', () => {
    const payload = buildPayload(
      draft({ answers: { extra_soort: pick('papier'), extra_waar: 'achter de kerk', extra_wat: ticks('kapot', 'vol'), intern: 'x' } }),
      { now: NOW },
    );
    expect(payload.extra_properties).toEqual([
      { id: 'extra_soort', label: 'Soort container', category_url: URL, answer: { id: 'papier', label: 'PAPIER' } },
      { id: 'extra_waar', label: 'Waar precies?', category_url: URL, answer: 'achter de kerk' },
      { id: 'extra_wat', label: 'Probleem', category_url: URL, answer: [{ id: 'kapot', label: 'KAPOT' }, { id: 'vol', label: 'VOL' }] },
    ]);
  });

  it('leaves out the answer of a question that is hidden', () => {
    const payload = buildPayload(draft({ answers: { extra_soort: pick('rest'), extra_waar: 'achter de kerk' } }), { now: NOW });
    expect(payload.extra_properties.map((p) => p.id)).toEqual(['extra_soort']);
  });

  it('converts an option id to {id, label}', () => {
    const payload = buildPayload(draft({ answers: { extra_soort: 'rest' } }), { now: NOW });
    expect(payload.extra_properties[0].answer).toEqual({ id: 'rest', label: 'REST' });
  });

  it('takes incident_date_start from an earlier moment of the date indication', () => {
    const moment = Date.parse('2026-04-29T07:05:00Z');
    expect(buildPayload(draft({ dateTime: moment }), { now: NOW }).incident_date_start).toBe('2026-04-29T07:05:00.000Z');
  });

  it('sends the moment of sending, not an earlier moment, when the date question is hidden', () => {
    const when: Question = {
      key: 'dateTime',
      field_type: 'date_time_input',
      meta: { label: 'Wanneer zag u het?', ifAllOf: { subcategory: 'boom-illegale-kap' }, validators: ['inPast'] },
    };
    const moment = Date.parse('2026-04-29T07:05:00Z');
    const answered = { questions: [when], answers: { dateTime: moment } };
    expect(buildPayload(draft({ ...answered, subcategory: 'boom-illegale-kap' }), { now: NOW }).incident_date_start).toBe('2026-04-29T07:05:00.000Z');
    // The reporter picks another subcategory: the question hides, and so does its answer.
    expect(buildPayload(draft({ ...answered, subcategory: 'boom-snoeien' }), { now: NOW }).incident_date_start).toBe('2026-05-01T10:00:00.000Z');
  });

  it('sends sharing_allowed true only when the reporter agreed', () => {
    const payload = buildPayload(draft({ sharing_allowed: { label: 'Ja', value: true } }), { now: NOW });
    expect(payload.reporter.sharing_allowed).toBe(true);
  });

  it('sends an empty e-mail and phone as null', () => {
    expect(buildPayload(draft(), { now: NOW }).reporter).toEqual({ email: null, phone: null, sharing_allowed: false });
  });

  it('drops priority and type for anonymous reporters and sends them for staff', () => {
    const anonymous = buildPayload(draft(), { now: NOW });
    expect(anonymous).not.toHaveProperty('priority');
    expect(anonymous).not.toHaveProperty('type');
    const staff = buildPayload(draft({ priority: { id: 'high', label: 'Hoog' }, type: { id: 'REQ', label: 'Aanvraag' }, source: { id: 'Telefoon', label: 'Telefoon' } }), {
      now: NOW,
      isAuthenticated: true,
    });
    expect(staff).toMatchObject({ priority: { priority: 'high' }, type: { code: 'REQ' }, source: 'Telefoon' });
    expect(validateCreatePayload(staff, { staff: true }).valid).toBe(true);
    expect(validateCreatePayload(staff).errors).toEqual([
      { pointer: '', message: 'unknown property "priority"' },
      { pointer: '', message: 'unknown property "type"' },
    ]);
  });

  it('leaves out an address without street and house number (the reference backend fails on it)', () => {
    const payload = buildPayload(draft({ location: { coordinates: { lat: 52.37, lng: 4.89 }, address: { postcode: '1012JS' } } }), { now: NOW });
    expect(payload.location).toEqual({ geometrie: { type: 'Point', coordinates: [4.89, 52.37] } });
  });
});

describe('validateCreatePayload', () => {
  it('reports a missing text and an extra_properties object instead of a list', () => {
    const payload = { ...buildPayload(draft(), { now: NOW }), text: '', extra_properties: {} };
    const { valid, errors } = validateCreatePayload(payload);
    expect(valid).toBe(false);
    expect(errors.map((e) => e.pointer)).toEqual(expect.arrayContaining(['/text', '/extra_properties']));
  });

  it('rejects a phone number over 17 characters and a category_url that is no path', () => {
    const payload = buildPayload(draft({ answers: { extra_soort: 'rest' } }), { now: NOW });
    const bad = {
      ...payload,
      reporter: { ...payload.reporter, phone: '0'.repeat(18) },
      extra_properties: [{ ...payload.extra_properties[0], category_url: 'geen url' }],
    };
    expect(validateCreatePayload(bad).errors.map((e) => e.pointer)).toEqual(['/reporter/phone', '/extra_properties/0/category_url']);
  });
});
