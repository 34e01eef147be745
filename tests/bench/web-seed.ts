/**
 * For npm run bench:web: puts N reports (default 1,000) into a fresh data folder before the server
 * starts on it, so the back-office overview's filter is measured on a list of that size.
 * Usage: tsx tests/bench/web-seed.ts DATA_DIR [N]. Deterministic texts, states, districts and
 * categories; the server's own migrations make the tables.
 */
import { sql } from 'kysely';
import { buildApp } from '../../server/src/app.ts';
import type {} from '../../server/src/plugins/database.ts';

const [dataDir, count = '1000'] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: tsx tests/bench/web-seed.ts DATA_DIR [N]');
const reports = Number(count);

const app = await buildApp({ config: { dataDir, databaseUrl: '', staticDir: '', publicUrl: 'http://localhost:8080' } });
try {
  await app.ready();
  const subs = await app.db.selectFrom('category').select('id').where('parent_id', 'is not', null).orderBy('id').execute();
  await sql`
    insert into signal (uuid, source, text, state, priority, type_code, category_id, lng, lat, address, address_text, stadsdeel, incident_date_start, created_at, updated_at)
    select gen_random_uuid(), 'online',
      (array['Lantaarnpaal kapot', 'Grofvuil naast de container', 'Boom omgewaaid', 'Losliggende stoeptegel', 'Zwerfafval in het park'])[1 + (g * 7) % 5] || ', melding ' || g,
      (array['m', 'm', 'm', 'i', 'b', 'o', 'a'])[1 + (g * 31) % 7],
      (array['normal', 'normal', 'high', 'low'])[1 + (g * 17) % 4],
      'SIG',
      (${sql.val(subs.map((s) => s.id))}::int[])[1 + (g * 37) % ${subs.length}],
      4.85 + (g % 100) * 0.001, 52.33 + (g % 70) * 0.001,
      jsonb_build_object('openbare_ruimte', 'Damrak', 'huisnummer', 1 + g % 200, 'postcode', '1012AB', 'woonplaats', 'Amsterdam'),
      'Damrak ' || (1 + g % 200) || ', 1012AB Amsterdam',
      (array['A', 'B', 'N', 'T', null])[1 + (g * 23) % 5],
      t, t, t
    from generate_series(1, ${reports}) g
    cross join lateral (select now() - (${reports} - g) * interval '1 hour' as t) tt
  `.execute(app.db);
  process.stderr.write(`${reports} reports put into ${dataDir}\n`);
} finally {
  await app.close();
}
