import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPayload, createForm, createInitialDraft, validateCreatePayload, type IncidentDraft } from '../../src/index.ts';
import { changeArb, NOW, questionSetArb } from './arbitraries.ts';

/** A draft as the wizard lets it reach the summary: the contact step's own checks passed. */
const draftArb = fc
  .record({
    questions: questionSetArb,
    changes: fc.array(changeArb, { maxLength: 10 }),
    description: fc.string({ minLength: 1, maxLength: 50 }).filter((s) => s.trim() !== ''),
    category: fc.stringMatching(/^[a-z][a-z-]{0,15}$/),
    subcategory: fc.stringMatching(/^[a-z][a-z-]{0,15}$/),
    lat: fc.double({ min: 50.8, max: 53.5, noNaN: true }),
    lng: fc.double({ min: 3.4, max: 7.2, noNaN: true }),
    email: fc.oneof(fc.constant(''), fc.constantFrom('melder@example.com', 'a.b+c@gemeente.nl')),
    phone: fc.string({ maxLength: 25 }),
    sharing: fc.boolean(),
    street: fc.option(fc.constantFrom('Dam', 'Amstel'), { nil: undefined }),
    staff: fc.boolean(),
  })
  .map((r) => ({
    staff: r.staff,
    draft: {
      ...createInitialDraft(),
      // the location is the answer of the location question
      questions: [...r.questions, { key: 'locatie', field_type: 'location_select', meta: { label: 'Waar is het?' } }],
      answers: {
        ...Object.fromEntries(r.changes),
        locatie: { location: { coordinates: { lat: r.lat, lng: r.lng }, address: r.street ? { openbare_ruimte: r.street, huisnummer: 1 } : undefined } },
      },
      description: r.description,
      category: r.category,
      subcategory: r.subcategory,
      email: r.email,
      phone: r.phone,
      sharing_allowed: { label: 'Delen', value: r.sharing },
      handling_message: 'We gaan zo snel mogelijk aan de slag.',
    } satisfies IncidentDraft,
  }));

describe('payload properties', () => {
  it('a hidden question’s answer never reaches the payload', () => {
    fc.assert(
      fc.property(draftArb, ({ draft, staff }) => {
        const payload = buildPayload(draft, { now: NOW, isAuthenticated: staff });
        const { visibleKeys } = createForm(draft.questions).evaluate(
          { ...draft.answers, category: draft.category, subcategory: draft.subcategory },
          { isAuthenticated: staff, now: NOW },
        );
        for (const item of payload.extra_properties) expect(visibleKeys).toContain(item.id);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('every payload validates against the create schema (public, or staff for signed-in users)', () => {
    fc.assert(
      fc.property(draftArb, ({ draft, staff }) => {
        const payload = buildPayload(draft, { now: NOW, isAuthenticated: staff });
        expect(validateCreatePayload(payload, { staff }).errors).toEqual([]);
        expect(payload).not.toHaveProperty('handling_message');
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
