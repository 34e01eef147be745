/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MUNICIPALITY, DEFAULT_RETENTION, PRODUCT_NAME } from '@meldloket/engine';
import { DEFAULT_CONFIG } from './index.ts';
import { loadConfig, ConfigError } from './load.ts';
import { configFromWindow } from './window.ts';
import { generateValidatorSource, GENERATED_PATH } from './generate.ts';

describe('configuration', () => {
  it('names the product and the municipality as the engine does (the server signs mails with them)', () => {
    expect(DEFAULT_CONFIG.municipality).toBe(DEFAULT_MUNICIPALITY);
    expect(DEFAULT_CONFIG.siteTitle).toBe(PRODUCT_NAME);
    expect(DEFAULT_CONFIG.retention).toEqual(DEFAULT_RETENTION);
  });

  it('accepts the defaults, which point at the embedded server on the same origin', () => {
    const config = loadConfig();
    expect(config).toEqual(DEFAULT_CONFIG);
    expect(config.endpoints.api).toBe('');
  });

  it('lays an override over the defaults, key by key', () => {
    const config = loadConfig({ features: { appMode: true }, contact: { phone: '020 123 45 67' } });
    expect(config.features.appMode).toBe(true);
    expect(config.features.showVulaanControls).toBe(DEFAULT_CONFIG.features.showVulaanControls);
    expect(config.contact).toEqual({ phone: '020 123 45 67', hours: DEFAULT_CONFIG.contact.hours });
  });

  it('rejects an unknown feature flag and a wrongly typed value, naming both', () => {
    expect(() => loadConfig({ features: { apMode: true, usePredictions: 'ja' } })).toThrow(ConfigError);
    try {
      loadConfig({ features: { apMode: true, usePredictions: 'ja' } });
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('/features: must NOT have additional properties (apMode)');
      expect(problems).toContain('/features/usePredictions: must be boolean');
    }
  });

  it('rejects a map centre outside the bounds', () => {
    expect(() => loadConfig({ map: { center: { lat: 51, lng: 4 } } })).toThrow(/centre must lie inside the bounds/);
  });

  it('rejects an API base with a trailing slash and a tile URL without {z}/{x}/{y}', () => {
    expect(() => loadConfig({ endpoints: { api: 'https://api.example.nl/' } })).toThrow(ConfigError);
    expect(() => loadConfig({ map: { tiles: { url: 'https://tiles.example.nl/', attribution: '' } } })).toThrow(ConfigError);
    expect(loadConfig({ endpoints: { api: 'https://api.example.nl' } }).endpoints.api).toBe('https://api.example.nl');
  });

  it('signs staff in at the embedded provider by default, and rejects an issuer with a trailing slash or a scope without openid', () => {
    expect(loadConfig().oidc).toEqual({ issuer: '/oidc', clientId: 'meldloket', scope: 'openid email profile offline_access' });
    expect(loadConfig({ oidc: { issuer: 'https://login.example.nl/realms/gemeente' } }).oidc.issuer).toBe('https://login.example.nl/realms/gemeente');
    expect(() => loadConfig({ oidc: { issuer: 'https://login.example.nl/' } })).toThrow(/\/oidc\/issuer/);
    expect(() => loadConfig({ oidc: { scope: 'email profile' } })).toThrow(/\/oidc\/scope/);
    expect(() => loadConfig({ oidc: { clientId: '' } })).toThrow(/\/oidc\/clientId/);
  });

  it('ships a standalone validator generated from the current schema (no eval at run time)', () => {
    expect(readFileSync(GENERATED_PATH, 'utf8')).toBe(generateValidatorSource());
  });

  it('takes deployment overrides from window.__MELDLOKET_CONFIG__', () => {
    window.__MELDLOKET_CONFIG__ = { features: { appMode: true }, municipality: 'Utrecht' };
    try {
      const config = configFromWindow();
      expect(config.features.appMode).toBe(true);
      expect(config.municipality).toBe('Utrecht');
    } finally {
      delete window.__MELDLOKET_CONFIG__;
    }
    expect(configFromWindow()).toEqual(DEFAULT_CONFIG);
  });
});
