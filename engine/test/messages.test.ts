import { describe, expect, it } from 'vitest';
import { messages } from '../src/index.ts';

describe('message catalogue', () => {
  it('holds the spec texts word for word', () => {
    expect(messages.globalInvalid).toBe('U hebt niet alle vragen (juist) beantwoord. Vul hieronder aan alstublieft.');
    expect(messages.maxAssets(2, 'containers')).toBe('U kunt maximaal 2 containers kiezen.');
    expect(messages.counter(12, 1000)).toBe('12/1000 tekens');
  });
});
