import { describe, expect, it } from 'vitest';
import { STATE_CODES, STATE_NAMES, stateName } from './index.ts';

describe('stateName', () => {
  it('gives the Dutch name of every status code (docs/reference/statuses.md#transitions) and the code itself for an unknown one', () => {
    expect(STATE_CODES.map(stateName)).toEqual(STATE_CODES.map((code) => STATE_NAMES[code]));
    expect(stateName('reaction received')).toBe('Reactie ontvangen');
    expect(stateName('onbekend')).toBe('onbekend');
    // not a property of every object
    expect(stateName('toString')).toBe('toString');
  });
});
