import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.ts';

describe('server configuration from the environment', () => {
  it('runs on one machine without any variable', () => {
    const c = readConfig({}, '/srv/meldloket');
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/meldloket/data'),
      databaseUrl: '',
      publicUrl: 'http://localhost:8080',
      staticDir: path.resolve('/srv/meldloket/dist'),
      smtpUrl: '',
      maintenance: false,
      publicThrottlePerHour: 60,
      maxUploadBytes: 20971520,
      boundingBox: [3.3, 50.7, 7.3, 53.6],
      trustProxy: false,
      devPages: true,
      corsOrigins: 'http://localhost:8080',
      production: false,
    });
  });

  it('switches the development pages on only explicitly or on loopback, never in production by default', () => {
    expect(readConfig({ HOST: '0.0.0.0' }).devPages).toBe(false);
    expect(readConfig({ HOST: '::' }).devPages).toBe(false);
    expect(readConfig({ HOST: '192.168.1.20' }).devPages).toBe(false);
    expect(readConfig({ HOST: '::1' }).devPages).toBe(true);
    expect(readConfig({ HOST: 'localhost' }).devPages).toBe(true);
    expect(readConfig({ HOST: '127.0.0.1', NODE_ENV: 'production' }).devPages).toBe(false);
    expect(readConfig({ HOST: '0.0.0.0', DEV_PAGES: '1' }).devPages).toBe(true);
    expect(readConfig({ HOST: '127.0.0.1', DEV_PAGES: 'off' }).devPages).toBe(false);
  });

  it("allows the app's own origin for CORS unless other origins are configured", () => {
    expect(readConfig({ PUBLIC_URL: 'https://meldingen.example.nl/melden/' }).corsOrigins).toBe('https://meldingen.example.nl');
    expect(readConfig({ CORS_ORIGINS: 'https://a.example,https://b.example' }).corsOrigins).toBe('https://a.example,https://b.example');
  });

  it('reads every documented variable', () => {
    const c = readConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATA_DIR: '/var/lib/meldloket',
        DATABASE_URL: 'postgres://db/meldloket',
        PUBLIC_URL: 'https://meldingen.example.nl/',
        STATIC_DIR: '',
        SMTP_URL: 'smtp://mail.example.nl:587',
        MAINTENANCE: 'on',
        PUBLIC_THROTTLE_RATE: '10',
        API_MAX_UPLOAD_SIZE: '1000',
        BOUNDING_BOX: '4.7,52.2,5.1,52.5',
        INTERNAL_EMAIL_DOMAINS: 'Gemeente.nl, stad.nl',
        TRUST_PROXY: '10.0.0.1,10.0.0.0/8',
        CSP_EXTRA_SOURCES: 'https://tiles.example.nl javascript:alert(1)',
        NODE_ENV: 'production',
      },
      '/srv',
    );
    expect(c).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/var/lib/meldloket',
      databaseUrl: 'postgres://db/meldloket',
      publicUrl: 'https://meldingen.example.nl',
      staticDir: '',
      smtpUrl: 'smtp://mail.example.nl:587',
      maintenance: true,
      publicThrottlePerHour: 10,
      maxUploadBytes: 1000,
      boundingBox: [4.7, 52.2, 5.1, 52.5],
      internalEmailDomains: ['gemeente.nl', 'stad.nl'],
      trustProxy: ['10.0.0.1', '10.0.0.0/8'],
      cspExtraSources: ['https://tiles.example.nl'],
      devPages: false,
    });
  });

  it('falls back to the defaults for values that make no sense', () => {
    const c = readConfig({ PORT: 'acht', PUBLIC_THROTTLE_RATE: '-5', BOUNDING_BOX: '1,2,3', TRUST_PROXY: 'false' }, '/srv');
    expect(c.port).toBe(8080);
    expect(c.publicThrottlePerHour).toBe(60);
    expect(c.boundingBox).toEqual([3.3, 50.7, 7.3, 53.6]);
    expect(c.trustProxy).toBe(false);
  });
});
