import { describe, expect, it } from 'vitest';
import { fillIn, messages } from '../src/index.ts';

describe('message catalogue', () => {
  it('fills placeholders and writes "onbekend" for a missing value', () => {
    expect(fillIn('Er zijn geen {objects} in de buurt.', { objects: 'containers' })).toBe('Er zijn geen containers in de buurt.');
    expect(fillIn('Er zijn geen {objects} in de buurt.', {})).toBe('Er zijn geen onbekend in de buurt.');
  });

  it('holds the spec texts word for word', () => {
    expect(messages.globalInvalid).toBe('U hebt niet alle vragen (juist) beantwoord. Vul hieronder aan alstublieft.');
    expect(messages.maxAssets(2, 'containers')).toBe('U kunt maximaal 2 containers kiezen.');
    expect(messages.counter(12, 1000)).toBe('12/1000 tekens');
  });
});
