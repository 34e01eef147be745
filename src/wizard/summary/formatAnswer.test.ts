import { describe, expect, it } from 'vitest';
import type { EvaluatedQuestion } from '@meldloket/engine';
import { answerLines, summaryRows } from './formatAnswer.ts';

const now = new Date(2026, 10, 20, 14, 0);

const q = (key: string, fieldType: string, meta: Record<string, unknown> = {}): EvaluatedQuestion =>
  ({ key, fieldType, required: false, question: { key, field_type: fieldType, meta } }) as EvaluatedQuestion;

describe('summary answers', () => {
  it('reads radio, checkbox list and single checkbox answers by their labels', () => {
    expect(answerLines('radio_input', { id: 'ja', label: 'Ja, dat klopt' }, now)).toEqual(['Ja, dat klopt']);
    expect(answerLines('checkbox_input', [{ id: 'a', label: 'Dronken bezoekers' }, { id: 'b', label: 'Wildplassen' }], now)).toEqual([
      'Dronken bezoekers',
      'Wildplassen',
    ]);
    expect(answerLines('checkbox_input', { label: 'Ik ben eigenaar', value: true }, now)).toEqual(['Ik ben eigenaar']);
    expect(answerLines('checkbox_input', { label: 'Ik ben eigenaar', value: false }, now)).toEqual([]);
  });

  it("reads 'now' as 'Nu' and an earlier moment the Dutch way", () => {
    expect(answerLines('date_time_input', 'now', now)).toEqual(['Nu']);
    expect(answerLines('date_time_input', new Date(2026, 10, 20, 9, 0).getTime(), now)).toEqual(['Vandaag, 09:00']);
  });

  it('reads a location answer as its address, or as pinned on the map without one', () => {
    const withAddress = {
      location: {
        coordinates: { lat: 52.37, lng: 4.89 },
        address: { openbare_ruimte: 'Dam', huisnummer: 1, postcode: '1012JS', woonplaats: 'Amsterdam' },
      },
    };
    expect(answerLines('location_select', withAddress, now).join(' ')).toContain('Dam 1');
    expect(answerLines('location_select', { location: { coordinates: { lat: 52.37, lng: 4.89 } } }, now)).toEqual([
      'Locatie is gepind op de kaart',
    ]);
  });

  it('lists chosen objects before the location', () => {
    const value = { selection: [{ id: '0123', type: 'Grachtmast', description: 'Grachtmast' }], location: { coordinates: { lat: 52.37, lng: 4.89 } } };
    expect(answerLines('streetlight_select', value, now)).toEqual(['Grachtmast - 0123', 'Locatie is gepind op de kaart']);
  });

  it('gives a row per visible answerable question, short label first, skipping notices', () => {
    const rows = summaryRows(
      [q('extra_a', 'radio_input', { label: 'Lange vraag?', shortLabel: 'Kort' }), q('info', 'plain_text'), q('extra_b', 'text_input', { label: 'Wat?' })],
      { extra_a: { id: 'x', label: 'X' } },
      now,
    );
    expect(rows).toEqual([
      { key: 'extra_a', label: 'Kort', lines: ['X'] },
      { key: 'extra_b', label: 'Wat?', lines: [] },
    ]);
  });
});
