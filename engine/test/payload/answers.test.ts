import { describe, expect, it } from 'vitest';
import { toApiAnswer, type Question } from '../../src/index.ts';

const NOW = new Date('2026-05-01T10:00:00Z');
const q = (field_type: Question['field_type'], meta: Question['meta'] = {}): Question => ({ key: 'k', field_type, meta: { label: 'Lang', ...meta } });

describe('answers as the API expects them', () => {
  it('a single checkbox becomes {label, value} with the short label', () => {
    expect(toApiAnswer(q('checkbox_input', { shortLabel: 'Kort' }), 'checkbox_input', true, NOW)).toEqual({ label: 'Kort', value: true });
  });

  it('checkbox ids become {id, label} items', () => {
    const question = q('checkbox_input', { values: { a: 'Aap', b: 'Beer' } });
    expect(toApiAnswer(question, 'checkbox_input', ['b', { id: 'a' }], NOW)).toEqual([
      { id: 'b', label: 'Beer' },
      { id: 'a', label: 'Aap' },
    ]);
  });

  it('a date answer becomes an ISO timestamp; "now" is the moment of sending', () => {
    expect(toApiAnswer(q('date_time_input'), 'date_time_input', 'now', NOW)).toBe('2026-05-01T10:00:00.000Z');
    expect(toApiAnswer(q('date_time_input'), 'date_time_input', Date.parse('2026-04-30T08:15:00Z'), NOW)).toBe('2026-04-30T08:15:00.000Z');
  });

  it('an asset answer becomes the list of chosen objects', () => {
    const selection = [{ id: 'boom-7', type: 'Eikenboom', coordinates: { lat: 52.3, lng: 4.9 } }];
    expect(toApiAnswer(q('asset_select'), 'asset_select', { selection, location: { coordinates: { lat: 52.3, lng: 4.9 } } }, NOW)).toEqual(selection);
  });

  it('a text stays as it is', () => {
    expect(toApiAnswer(q('text_input'), 'text_input', 'achter de kerk', NOW)).toBe('achter de kerk');
  });
});
