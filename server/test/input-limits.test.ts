/**
 * docs/security.md, "no request makes the server's memory explode" and "0 × 5xx on the private API":
 * - a NUL byte in any query parameter or path is a 400 under that parameter, refused in
 *   one place for every route with the bodies' check (http/null-characters.ts);
 * - `page_size` is clamped to MAX_PAGE_SIZE by the shared paging code (http/hal.ts): the
 *   contract has no maximum, so a bigger page is no error, just the first 1000 with a next link;
 *   `page`/`page_size`/`geopage` that are no usable number (`Infinity`) are a 400;
 * - a datetime whose instant lies outside the years 1900-9999 (in UTC or in Amsterdam) is
 *   refused by the shared date parsing (domain/datetime.ts) with the contract's message.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseDateTime } from '../src/domain/datetime.ts';
import { MAX_PAGE_SIZE } from '../src/http/hal.ts';
import { NULL_CHARACTERS } from '../src/domain/text.ts';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { postReport, validReport } from './support.ts';

const P = '/signals/v1/private';

describe('the shared date parsing', () => {
  it('refuses an instant whose year in UTC or in Amsterdam is outside 1900-9999', () => {
    expect(parseDateTime('9999-12-31T23:59:59-12:00')).toBeUndefined(); // 10000-01-01 in UTC
    expect(parseDateTime('9999-12-31T23:59:59Z')).toBeUndefined(); // 10000-01-01 in Amsterdam
    expect(parseDateTime('9999-12-31T22:00:00Z')?.toISOString()).toBe('9999-12-31T22:00:00.000Z');
    expect(parseDateTime('1900-01-01T00:00:00+14:00')).toBeUndefined(); // 1899 in UTC
    expect(parseDateTime('2024-05-01T09:00:00+02:00')?.toISOString()).toBe('2024-05-01T07:00:00.000Z');
  });
});

describe.each(DATABASE_TARGETS)('input limits of the API (%s)', (target) => {
  const t = useTestApp(target);
  const get = async (url: string, account: keyof typeof ACCOUNTS = 'beheerder') => {
    const res = await t().app.inject({ method: 'GET', url, headers: bearer(await mintToken(t().app, ACCOUNTS[account].email)) });
    return { status: res.statusCode, body: String(res.headers['content-type']).includes('json') ? (res.json() as any) : res.body };
  };

  it('a NUL byte in any text filter is a 400 under that parameter, on every list', async () => {
    const cases: [url: string, param: string][] = [
      [`${P}/signals/?address_text=a%00b`, 'address_text'],
      [`${P}/signals/?category_slug=%00`, 'category_slug'],
      [`${P}/signals/?ordering=id&note_keyword=x%00`, 'note_keyword'],
      [`${P}/signals/geography?address_text=%00`, 'address_text'],
      [`${P}/signals/export.csv?address_text=%00`, 'address_text'],
      [`${P}/search/?q=%00`, 'q'],
      [`${P}/users/?search=%00`, 'search'],
      [`${P}/users/?username=a%00&role=x`, 'username'],
      [`${P}/users/?role=%00`, 'role'],
      [`${P}/autocomplete/usernames/?username=%00`, 'username'],
      ['/signals/v1/public/signals/geography?bbox=4.8,52.3,4.9,52.4&category_slug=%00', 'category_slug'],
    ];
    for (const [url, param] of cases) expect([url, await get(url)]).toEqual([url, { status: 400, body: { [param]: [NULL_CHARACTERS] } }]);
  });

  it('page, page_size and geopage that are no usable number are a 400 with the field message', async () => {
    for (const url of [`${P}/signals/?page_size=Infinity`, `${P}/users/?page_size=Infinity`, `${P}/roles/?page_size=1e400`, `${P}/signals/?page=Infinity`, '/signals/v1/public/terms/categories/?page_size=Infinity']) {
      const res = await get(url);
      expect([url, res.status]).toEqual([url, 400]);
      expect(Object.values(res.body as Record<string, string[]>)[0]![0]).toBe('Zorg ervoor dat deze waarde kleiner of gelijk is aan 9007199254740991.');
    }
    // the largest accepted page is still no database error: past the end, so a 404 or an empty page
    expect((await get(`${P}/signals/?page=9007199254740991&page_size=1000000`)).status).toBe(404);
    expect((await get(`${P}/users/?page=9007199254740991`)).status).toBe(404);
    expect((await get(`${P}/signals/geography?geopage=9007199254740991`)).status).toBe(200);
    expect((await get('/signals/v1/public/signals/geography?bbox=4.8,52.3,4.9,52.4&geopage=9007199254740991')).status).toBe(200);
    expect(await get(`${P}/signals/geography?geopage=Infinity`)).toEqual({ status: 400, body: { geopage: ['Zorg ervoor dat deze waarde kleiner of gelijk is aan 9007199254740991.'] } });
  });

  it(`page_size is clamped to ${MAX_PAGE_SIZE}: a read-only user asking a million gets one page and the next link`, async () => {
    // 1,010 staff accounts besides the seeded ones, written at once
    await sql`insert into staff_user (username, email, first_name, last_name, is_active, is_staff)
      select 'massa' || n || '@gemeente.nl', 'massa' || n || '@gemeente.nl', 'Massa', '' || n, true, true from generate_series(1, 1010) n`.execute(t().app.db);
    const users = await get(`${P}/users/?page_size=1000000`);
    expect(users.status).toBe(200);
    expect(users.body.count).toBeGreaterThan(MAX_PAGE_SIZE);
    expect(users.body.results).toHaveLength(MAX_PAGE_SIZE);
    expect(new URL(users.body._links.next.href).searchParams.get('page')).toBe('2');
    const second = await get(`${P}/users/?page_size=1000000&page=2`);
    expect(second.body.results).toHaveLength(users.body.count - MAX_PAGE_SIZE);
    expect(second.body._links.next.href).toBeNull();
    // the read-only user's lists: the same clamp on the in-memory lists
    const autocomplete = await get(`${P}/autocomplete/usernames/?page_size=1000000&username=massa`, 'lezer');
    expect(autocomplete.status).toBe(200);
    const roles = await get(`${P}/roles/?page_size=1000000`, 'lezer');
    expect(roles.status).toBe(200);
  });

  it('the public create refuses incident_date_start whose UTC value is in year 10000', async () => {
    const res = await postReport(t().app, validReport({ incident_date_start: '9999-12-31T23:59:59-12:00' }));
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { incident_date_start: ['Datetime heeft een ongeldig formaat, gebruik 1 van de volgende formaten: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].'] },
    });
  });
});
