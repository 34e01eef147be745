/**
 * What a report built from these question sets sends: the answers of visible
 * questions as extra_properties (with their short labels), nothing of hidden
 * questions or notices, and the date as incident_date_start.
 */
import { describe, expect, it } from 'vitest';
import { buildPayload, createInitialDraft, type Answers, type IncidentDraft } from '@meldloket/engine';
import { NOW, PLACE, formFor, loadSet, mainOf, pick, setNames, ticks } from './support.ts';

const DISPLAY_ONLY = new Set(['plain_text', 'header', 'handling_message']);
/** Questions whose answers go into the payload's own fields instead of extra_properties. */
const OWN_FIELDS = new Set(['locatie', 'dateTime']);

function payloadFor(subcategory: string, answers: Answers) {
  const draft: IncidentDraft = {
    ...createInitialDraft(),
    description: 'Er is iets mis op straat.',
    category: mainOf(subcategory),
    subcategory,
    questions: [...formFor(subcategory).questions],
    answers,
  };
  return buildPayload(draft, { now: NOW });
}

describe('what the question sets send', () => {
  it('sends every answerable question except the location and the report date as an extra property', () => {
    for (const name of setNames) {
      for (const q of loadSet(name).questions) {
        if (DISPLAY_ONLY.has(q.field_type) || OWN_FIELDS.has(q.key)) continue;
        expect(q.meta.pathMerge, `${name}: ${q.key}`).toBe('extra_properties');
      }
    }
  });

  it('sends the holiday-letting answers with their short labels, the date, and not the hidden ad link', () => {
    const payload = payloadFor('vakantieverhuur', {
      locatie: PLACE,
      vakantieverhuur_dateTime: 'now',
      extra_wonen_vakantieverhuur_toeristen_aanwezig: pick('ja'),
      extra_wonen_vakantieverhuur_aantal_mensen: pick('vijf_of_meer'),
      extra_wonen_vakantieverhuur_hoe_vaak: pick('dagelijks'),
      extra_wonen_vakantieverhuur_bewoning: pick('nee'),
      extra_wonen_vakantieverhuur_online_aangeboden: pick('nee'),
      extra_wonen_vakantieverhuur_link_advertentie: 'https://example.com/oud',
    });
    const ids = payload.extra_properties.map((p) => p.id);
    expect(ids).toEqual([
      'extra_wonen_vragenlijst',
      'vakantieverhuur_dateTime',
      'extra_wonen_vakantieverhuur_toeristen_aanwezig',
      'extra_wonen_vakantieverhuur_aantal_mensen',
      'extra_wonen_vakantieverhuur_hoe_vaak',
      'extra_wonen_vakantieverhuur_bewoning',
      'extra_wonen_vakantieverhuur_online_aangeboden',
    ]);
    const hoeVaak = payload.extra_properties.find((p) => p.id === 'extra_wonen_vakantieverhuur_hoe_vaak');
    expect(hoeVaak).toMatchObject({
      label: 'Hoe vaak toeristen',
      category_url: expect.stringMatching(/\/terms\/categories\/wonen\/sub_categories\/vakantieverhuur$/),
    });
    expect(payload.extra_properties.find((p) => p.id === 'extra_wonen_vragenlijst')?.answer).toBe('wonen-2026');
  });

  it('sends the chosen visitor behaviour as a list and the required date as incident_date_start', () => {
    const payload = payloadFor('overlast-door-bezoekers-niet-op-terras', {
      locatie: PLACE,
      dateTime: Date.parse('2026-06-14T23:30:00+02:00'),
      extra_personen_overig: pick('4-6'),
      extra_bedrijven_horeca_wat: pick('horecabedrijf'),
      extra_bedrijven_horeca_personen: ticks('schreeuwende_bezoekers', 'wildplassen'),
    });
    expect(payload.incident_date_start).toBe('2026-06-14T21:30:00.000Z');
    const personen = payload.extra_properties.find((p) => p.id === 'extra_bedrijven_horeca_personen');
    expect(Array.isArray(personen?.answer)).toBe(true);
    expect((personen?.answer as { id: string }[]).map((a) => a.id)).toEqual(['schreeuwende_bezoekers', 'wildplassen']);
    expect(payload.extra_properties.map((p) => p.id)).not.toContain('extra_bedrijven_horeca_caution');
    expect(payload.location.geometrie.coordinates).toEqual([4.893, 52.372]);
  });

  it("sends the boat's usual mooring place (map_input) as an extra property, not as the report's location", () => {
    const mooring = { location: { coordinates: { lat: 52.36, lng: 4.91 } } };
    const payload = payloadFor('overlast-op-het-water-geluid', {
      locatie: PLACE,
      dateTime: 'now',
      extra_boten_frequentie: pick('ja'),
      extra_boten_moment: 'Elke zaterdagavond',
      extra_boten_ligplaats: mooring,
    });
    expect(payload.location.geometrie.coordinates).toEqual([4.893, 52.372]);
    expect(payload.extra_properties.find((p) => p.id === 'extra_boten_ligplaats')).toMatchObject({ label: 'Ligplaats', answer: mooring });
  });
});
