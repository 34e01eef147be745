/** The pure routing rules (docs/routing.md): first match wins, each condition, time windows in Amsterdam time. */
import { describe, expect, it } from 'vitest';
import { firstMatch, matches, type RoutingInput, type RoutingRule } from '../src/routing/rules.ts';

const rule = (id: number, conditions: RoutingRule['conditions'], is_active = true): RoutingRule => ({ id, position: id, name: `r${id}`, is_active, conditions, routing: [id], directing: [] });
// Wednesday 19 March 2025, 12:00 in Amsterdam
const input: RoutingInput = { subCategoryId: 10, mainCategoryId: 1, areaIds: [5, 7], type: 'SIG', source: 'online', at: new Date('2025-03-19T11:00:00Z') };

describe('routing rules', () => {
  it('an empty rule matches everything; the first active match wins', () => {
    expect(firstMatch([rule(1, { sub_categories: [11] }), rule(2, {}, false), rule(3, {}), rule(4, {})], input)?.id).toBe(3);
    expect(firstMatch([rule(1, { sub_categories: [11] })], input)).toBeUndefined();
  });
  it('matches the subcategory or the main category, the area, type and source', () => {
    expect(matches(rule(1, { sub_categories: [10] }), input)).toBe(true);
    expect(matches(rule(1, { main_categories: [1] }), input)).toBe(true);
    expect(matches(rule(1, { sub_categories: [11], main_categories: [2] }), input)).toBe(false);
    expect(matches(rule(1, { areas: [7] }), input)).toBe(true);
    expect(matches(rule(1, { areas: [6] }), input)).toBe(false);
    expect(matches(rule(1, { types: ['REQ'] }), input)).toBe(false);
    expect(matches(rule(1, { sources: ['online', 'app'] }), input)).toBe(true);
  });
  it('matches days and times of day in Amsterdam time, also over midnight', () => {
    expect(matches(rule(1, { days: [3] }), input)).toBe(true); // Wednesday
    expect(matches(rule(1, { days: [6, 7] }), input)).toBe(false);
    expect(matches(rule(1, { time_from: '08:00', time_until: '12:00' }), input)).toBe(false); // until is exclusive
    expect(matches(rule(1, { time_from: '12:00', time_until: '17:00' }), input)).toBe(true);
    const night = { ...input, at: new Date('2025-03-19T23:30:00Z') }; // 00:30 Thursday
    expect(matches(rule(1, { time_from: '22:00', time_until: '06:00' }), night)).toBe(true);
    expect(matches(rule(1, { time_from: '22:00', time_until: '06:00' }), input)).toBe(false);
    expect(matches(rule(1, { days: [4] }), night)).toBe(true);
  });
});
