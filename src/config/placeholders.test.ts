import { describe, expect, it } from 'vitest';
import { CONFIG_PLACEHOLDERS, fillPlaceholders, UNKNOWN_VALUE } from '@meldloket/engine';
import { DEFAULT_CONFIG } from './defaults.ts';
import { placeholderValues } from './placeholders.ts';
import { loadConfig } from './load.ts';

describe('the question sets’ configuration placeholders', () => {
  it('each has a value from the configuration, never "onbekend"', () => {
    const values = placeholderValues(DEFAULT_CONFIG);
    for (const name of CONFIG_PLACEHOLDERS) {
      expect(values[name], name).toBeTruthy();
      expect(fillPlaceholders(`{${name}}`, values), name).not.toBe(UNKNOWN_VALUE);
    }
  });

  it('{phone} is the configured contact number', () => {
    const config = loadConfig({ contact: { phone: '14 030' } });
    expect(fillPlaceholders('Dit is gevaarlijk. Bel direct {phone}.', placeholderValues(config))).toBe('Dit is gevaarlijk. Bel direct 14 030.');
  });
});
