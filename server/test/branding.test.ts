/**
 * The municipality's branding in MUNICIPALITY_FILE: colours reach the design tokens through
 * /app-config.js, the logo and icon files are served under /gemeente/, and colours below
 * WCAG AA contrast or a logo without alt text stop the server with the JSON path.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contrastRatio } from '@meldloket/engine';
import { MunicipalityFileError, readBranding } from '../src/plugins/app-config.ts';
import { buildTestApp } from './helpers.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'branding-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const file = path.join(folder, 'gemeente.json');
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
writeFileSync(path.join(folder, 'logo.svg'), LOGO);

describe('branding', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#00527f', '#ffffff')).toBeGreaterThan(4.5);
    expect(contrastRatio('#ffbf47', '#ffffff')).toBeLessThan(3);
  });

  it('refuses colours below AA contrast, a colour that is no #rrggbb, an unknown key and a logo without alt text, naming each path', () => {
    const attempt = (branding: unknown) => () => readBranding(file, { branding });
    expect(attempt({ colors: { primary: '#7fb2d9' } })).toThrow(/\/branding\/colors\/primary: knoptekst op de hoofdkleur heeft een contrast van 2\.\d\d:1 \(#ffffff op #7fb2d9\); toegankelijk \(WCAG AA\) is minstens 4,5:1/);
    expect(attempt({ colors: { text: '#999999' } })).toThrow(/\/branding\/colors\/text: tekst op wit/);
    expect(attempt({ colors: { primary: 'rood' } })).toThrow('/branding/colors/primary: verwacht een kleur als #rrggbb, niet "rood".');
    expect(attempt({ colors: { secondary: '#000000' } })).toThrow(/\/branding\/colors\/secondary: onbekende kleur/);
    expect(attempt({ logo: 'logo.svg' })).toThrow(/\/branding\/logoAlt: een logo heeft een tekstalternatief nodig/);
    expect(attempt({ logo: 'ontbreekt.svg', logoAlt: 'Gemeente X' })).toThrow(/\/branding\/logo: het bestand .*ontbreekt\.svg is niet te lezen/);
    expect(attempt({ logo: 'gemeente.json', logoAlt: 'Gemeente X' })).toThrow(MunicipalityFileError);
  });

  it('serves the logo and sets the colour tokens before the app draws', { timeout: 240_000 }, async () => {
    writeFileSync(file, JSON.stringify({ municipality: 'Veendam', branding: { logo: 'logo.svg', logoAlt: 'Gemeente Veendam', colors: { primary: '#00594f' } } }));
    const t = await buildTestApp('pglite', { config: { municipalityFile: file } });
    try {
      const script = await t.app.inject({ method: 'GET', url: '/app-config.js' });
      const [assignment, ...rest] = script.body.split('\n');
      const config = JSON.parse(assignment.replace(/^window\.__MELDLOKET_CONFIG__ = /, '').replace(/;$/, ''));
      expect(config).toMatchObject({ municipality: 'Veendam', branding: { logo: '/gemeente/logo.svg', logoAlt: 'Gemeente Veendam', colors: { primary: '#00594f' } } });
      expect(rest.join('\n')).toContain(`s.setProperty("--ml-color-primary", "#00594f");`);
      const logo = await t.app.inject({ method: 'GET', url: '/gemeente/logo.svg' });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/svg+xml');
      expect(logo.body).toBe(LOGO);
    } finally {
      await t.close();
    }
  });
});
