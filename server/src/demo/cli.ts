/**
 * `npm run demo [-- --count 3000 --days 120 --seed 1 --add]`: fills this configuration's
 * database (DATABASE_URL, else the PGlite database in DATA_DIR) with demo reports made through
 * the product's own services (generate.ts). Refuses with NODE_ENV=production, and refuses a
 * database that already holds reports unless `--add` is given. With PGlite the server must be
 * stopped first (the data folder's lock says so). Mails of the demo are stored in the outbox,
 * never sent.
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { demoClock, generateDemo } from './generate.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (process.env.NODE_ENV === 'production') fail('Demo-gegevens horen niet in productie: npm run demo weigert met NODE_ENV=production.');

const { values } = parseArgs({
  options: { count: { type: 'string', default: '3000' }, days: { type: 'string', default: '120' }, seed: { type: 'string', default: '20261128' }, add: { type: 'boolean', default: false } },
});
const count = Number(values.count);
const days = Number(values.days);
if (!Number.isInteger(count) || count < 1 || count > 100_000) fail('--count: een geheel getal van 1 tot 100000.');
if (!Number.isFinite(days) || days < 1 || days > 730) fail('--days: 1 tot 730 dagen.');

const config = readConfig();
const clock = demoClock();
const app = await buildApp({
  config: { ...config, devPages: false },
  now: clock.now,
  // the demo's mails (confirmations, status mails, surveys) stay in the outbox: nobody is mailed
  mailTransport: { sendMail: async () => ({}) as never },
}).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) fail(`${error.message}\nStop de server eerst (npm run demo vult dezelfde database).`);
  throw error;
});
try {
  const existing = await app.db.selectFrom('signal').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0 && !values.add) fail(`De database heeft al ${existing.n} meldingen. Voeg demo-meldingen toe met: npm run demo -- --add`);
  const started = Date.now();
  const result = await generateDemo(app, clock, {
    count,
    days,
    seed: Number(values.seed),
    progress: (done, total) => console.log(`… ${done} van ${total} meldingen`),
  });
  const states = Object.entries(result.byState).sort((a, b) => b[1] - a[1]).map(([s, n]) => `${s} ${n}`).join(', ');
  console.log(`${result.reports} demo-meldingen gemaakt in ${Math.round((Date.now() - started) / 1000)} s (${states}). Start nu: npm start`);
} finally {
  await app.close();
}
