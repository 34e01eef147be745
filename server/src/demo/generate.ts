/**
 * Demo data a municipality can evaluate the back office with (`npm run demo`): a few thousand
 * reports over the last months, in every category, district and reachable status, with their
 * histories, notes, photos, the reporter's answers, surveys, split and linked reports, late ones
 * and ones due today.
 *
 * Everything goes through the product's own services, as a resident, a staff member or the
 * system would do it — the public and private create, the PATCH of a report (status graph,
 * notes, assignment, routing), a resident's photo, the reaction and survey links answered
 * through the public API — so every rule holds (the status graph, the mails, the districts,
 * the history). Only the clock is the generator's: each step happens at its own moment in the
 * past (the app's `now` option), never later than the real now.
 *
 * 'On hold' (h) and 'Gesplitst' (s) have no incoming transition in the contract's graph, so no
 * service can put a report there; every other status is reached.
 */
import type { FastifyInstance } from 'fastify';
import { API_PATHS, apiPath, CLOSED_STATES, INITIAL_STATE, seededRandom, slaDeadline, TRANSITIONS, type Sla, type StateCode } from '@meldloket/engine';
import { loadStaffUser, type StaffUser } from '../auth/users.ts';
import { standInRegister, type StandInAddress } from '../routes/stand-ins/addresses.ts';
import { encodePng } from '../routes/stand-ins/tiles.ts';
import { assignableUsers } from '../services/workflow/assignees.ts';
import { linkChildren } from '../services/split/index.ts';

export interface DemoOptions {
  /** How many reports (children of splits included). */
  count: number;
  /** Over how many days before now (default 120). */
  days?: number;
  /** Seed of the random choices: the same seed gives the same city. */
  seed?: number;
  /** Progress, every few hundred reports. */
  progress?: (done: number, total: number) => void;
}

export interface DemoResult {
  reports: number;
  byState: Record<string, number>;
  refused: number;
  /** Why, for the first few refusals (a rule the generator did not keep). */
  reasons: string[];
}

/** A movable clock the app was built with (`buildApp({ now: clock.now })`). */
export interface DemoClock {
  now: () => Date;
  set(at: Date): void;
}

export function demoClock(): DemoClock {
  let at: Date | null = null;
  return { now: () => (at ? new Date(at) : new Date()), set: (d) => void (at = d) };
}

/** The statuses a report ends in, with how often (open ones more than in a real year, so the overview has work). */
const TARGETS: [StateCode, number][] = [
  ['m', 16], ['i', 8], ['b', 14], ['ingepland', 6], ['o', 28], ['a', 5], ['reopened', 2], ['reaction requested', 3],
  ['reaction received', 3], ['closure requested', 2], ['forward to external', 2], ['ready to send', 1], ['sent', 1],
  ['send failed', 1], ['done external', 1], ['reopen requested', 1],
];
/** Every status the generator reaches. */
export const DEMO_STATES: StateCode[] = TARGETS.map(([s]) => s);

/** How a status is entered by the staff member (text, mail, party). */
function statusBody(state: StateCode, rnd: Rng): Record<string, unknown> {
  const text = STATUS_TEXTS[state] ?? 'Status bijgewerkt.';
  switch (state) {
    case 'reaction requested':
      return { state, text: pick(rnd, ['Kunt u aangeven waar het precies is?', 'Is het probleem er nog?', 'Kunt u een foto sturen?']) };
    case 'forward to external':
      return { state, text: 'Wilt u dit oppakken? Het gaat om uw terrein.', email_override: 'beheer@extern-partij.example', send_email: true };
    case 'ready to send':
      return { state, text, target_api: 'sigmax' };
    default:
      return { state, text };
  }
}

const STATUS_TEXTS: Partial<Record<StateCode, string>> = {
  m: 'Melding teruggezet.',
  i: 'Wacht op planning van de buitendienst.',
  b: 'De buitendienst is ermee bezig.',
  ingepland: 'Ingepland voor volgende week.',
  o: 'Het probleem is verholpen. Dank voor uw melding.',
  a: 'Dubbele melding; wordt afgehandeld onder een andere melding.',
  reopened: 'We kijken er opnieuw naar.',
  'closure requested': 'De externe partij vraagt de melding af te sluiten.',
  sent: 'Verzonden naar Sigmax.',
  'send failed': 'Verzenden naar Sigmax mislukt.',
  'done external': 'Afgehandeld door de externe partij.',
};

/** The shortest path through the status graph, without the reporter-only steps. */
function pathTo(target: StateCode): StateCode[] {
  const systemOnly: StateCode[] = ['reaction received', 'reopen requested'];
  const previous = new Map<StateCode, StateCode>();
  const queue: StateCode[] = [INITIAL_STATE];
  const seen = new Set<StateCode>(queue);
  while (queue.length) {
    const at = queue.shift()!;
    if (at === target) break;
    for (const next of TRANSITIONS[at]) {
      if (seen.has(next) || (systemOnly.includes(next) && next !== target)) continue;
      seen.add(next);
      previous.set(next, at);
      queue.push(next);
    }
  }
  const path: StateCode[] = [];
  for (let s: StateCode | undefined = target; s && s !== INITIAL_STATE; s = previous.get(s)) path.unshift(s);
  return path;
}

type Rng = () => number;
const pick = <T>(rnd: Rng, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
function weighted<T>(rnd: Rng, items: [T, number][]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let r = rnd() * total;
  for (const [item, w] of items) if ((r -= w) < 0) return item;
  return items[items.length - 1]![0];
}

const DETAILS: Record<string, string[]> = {
  afval: ['Er staan al dagen zakken naast de container.', 'Iemand heeft een bank en een matras op de stoep gezet.', 'De container zit vol en het afval waait over straat.', 'Er ligt bouwafval bij de boom.'],
  'civiele-constructies': ['Er zit een grote scheur in de kademuur.', 'De brug gaat niet meer open.', 'Er ontbreekt een stuk van de reling.'],
  'overlast-bedrijven-en-horeca': ['Elke nacht harde muziek tot na tweeën.', 'Het terras staat tot ver op de stoep.', 'De afzuiginstallatie bromt de hele dag.'],
  'overlast-in-de-openbare-ruimte': ['Er staat al weken een fietswrak tegen het hek.', 'Auto staat op de stoep geparkeerd.', 'Er hangen posters op de lantaarnpaal.'],
  'overlast-op-het-water': ['Een boot ligt half gezonken in de gracht.', 'Boten varen veel te hard langs de kade.', 'Er drijft afval in het water.'],
  'overlast-van-en-door-personen-of-groepen': ['Groep jongeren maakt elke avond lawaai.', 'Er wordt gedeald bij het speeltuintje.', 'Mensen schreeuwen midden in de nacht.'],
  'overlast-van-dieren': ['Ik zie overdag ratten bij de containers.', 'Er zit een wespennest in de boom.', 'Veel duiven op het balkon en de stoep.'],
  'wegen-verkeer-straatmeubilair': ['De lantaarnpaal brandt al een week niet.', 'Er zit een diep gat in de weg.', 'Het verkeerslicht blijft op rood staan.', 'De stoeptegels liggen los.'],
  wonen: ['De woning wordt steeds aan toeristen verhuurd.', 'Het pand staat al maanden leeg.', 'Er wonen veel meer mensen dan er ingeschreven staan.'],
  'openbaar-groen-en-water': ['Een grote tak hangt op het fietspad.', 'De boom is na de storm scheef gaan staan.', 'Het gras is al maanden niet gemaaid.'],
  overig: ['Ik weet niet goed onder welke categorie dit valt, maar het moet opgelost worden.'],
};
const FIRST = ['Jan', 'Fatima', 'Sanne', 'Mohamed', 'Lotte', 'Kees', 'Ayse', 'Pieter', 'Emma', 'Daan', 'Noor', 'Sem'];
const LAST = ['de Vries', 'Bakker', 'El Amrani', 'Jansen', 'Visser', 'Yilmaz', 'Smit', 'de Boer', 'Mulder', 'Bos'];
const NOTES = ['Gebeld met de melder, komt morgen langs.', 'Foto bekeken: groter dan gedacht.', 'Doorgezet naar de ploeg van de buitendienst.', 'Vergelijkbare melding vorige maand op dit adres.', 'Melder gaf aan dat het ’s avonds erger is.'];
const REPLIES = ['Ja, het ligt er nog steeds.', 'Het is bij de ingang van de parkeergarage.', 'Ik heb net nog gekeken: het is erger geworden.'];

/** A small photo: a plain PNG drawn with the stand-in tiles' encoder (a colour per category). */
function photo(rnd: Rng): Buffer {
  const w = 64;
  const h = 48;
  const rgb = new Uint8Array(w * h * 3);
  const [r, g, b] = [80 + Math.floor(rnd() * 150), 80 + Math.floor(rnd() * 150), 80 + Math.floor(rnd() * 150)];
  for (let i = 0; i < w * h; i += 1) {
    const shade = ((i % w) + Math.floor(i / w)) % 16 < 8 ? 0 : 30;
    rgb[i * 3] = r - shade;
    rgb[i * 3 + 1] = g - shade;
    rgb[i * 3 + 2] = b - shade;
  }
  return encodePng(w, h, rgb);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Fills the app's database with `count` demo reports. The app must be built with the clock
 * of `demoClock()` (`buildApp({ now: clock.now })`) and must not run in production.
 */
export async function generateDemo(app: FastifyInstance, clock: DemoClock, options: DemoOptions): Promise<DemoResult> {
  const rnd: Rng = seededRandom(options.seed ?? 20261128);
  const realNow = Date.now();
  const days = options.days ?? 120;
  const db = app.db;
  const staffRow = await db.selectFrom('staff_user').select('id').where('is_superuser', '=', true).where('is_active', '=', true).orderBy('id').executeTakeFirst();
  if (!staffRow) throw new Error('Geen actieve beheerder (superuser) om de demo-meldingen mee te behandelen; start eerst met de ontwikkelaccounts.');
  const staff = (await loadStaffUser(db, staffRow.id)) as StaffUser;
  const departments = (await db.selectFrom('department').select('id').execute()).map((d) => d.id);
  const tree = (await app.categories.tree()).filter((m) => m.is_active);
  const subs = tree.flatMap((main) => main.sub_categories.filter((s) => s.is_active).map((sub) => ({ main, sub })));
  const slas = new Map((await db.selectFrom('category').select(['id', 'sla_n_days', 'sla_use_calendar_days']).execute()).filter((c) => c.sla_n_days).map((c) => [c.id, { n_days: c.sla_n_days!, use_calendar_days: c.sla_use_calendar_days } as Sla]));
  // addresses by district, taken in turn, so that a small count still has every district
  const byDistrict = new Map<string, StandInAddress[]>();
  for (const a of standInRegister().addresses) byDistrict.set(a.stadsdeel, [...(byDistrict.get(a.stadsdeel) ?? []), a]);
  const districtsInTurn = [...byDistrict.values()];
  const byState: Record<string, number> = {};
  let refused = 0;
  const reasons: string[] = [];
  const refuse = (what: string, error: unknown) => {
    refused += 1;
    if (reasons.length < 10) reasons.push(`${what}: ${error instanceof Error ? error.message : String(error)} ${JSON.stringify((error as { body?: unknown }).body ?? '')}`);
  };
  let made = 0;
  let splits = 0;
  let links = 0;

  const at = (ms: number) => {
    clock.set(new Date(Math.min(ms, realNow - 60_000)));
    return Math.min(ms, realNow - 60_000);
  };
  const patch = async (id: number, body: Record<string, unknown>) => {
    try {
      await app.workflow.patch(staff, id, body);
      return true;
    } catch (error) {
      refuse(`PATCH ${id} ${JSON.stringify(body).slice(0, 80)}`, error);
      return false;
    }
  };
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => app.inject({ method, url, payload: payload as object });

  /** The report body as the wizard or a staff member sends it. */
  const body = (i: number, address: StandInAddress, created: number, staffMade: boolean) => {
    const { main, sub } = subs[i % subs.length]!;
    const email = i < TARGETS.length || rnd() < 0.7 ? `${pick(rnd, FIRST).toLowerCase()}.${pick(rnd, LAST).toLowerCase().replace(/\W/g, '')}${i}@example.com` : null;
    return {
      text: `${pick(rnd, DETAILS[main.slug] ?? DETAILS.overig!)} ${sub.name} bij ${address.straatnaam} ${address.huis_nlt}.`,
      location: {
        geometrie: { type: 'Point', coordinates: [address.lng, address.lat] },
        address: { openbare_ruimte: address.straatnaam, huisnummer: address.huisnummer, huisletter: address.huisletter ?? '', huisnummer_toevoeging: address.huisnummertoevoeging ?? '', postcode: address.postcode, woonplaats: address.woonplaatsnaam },
      },
      category: { sub_category: apiPath(API_PATHS.subcategory, { slug: main.slug, sub_slug: sub.slug }) },
      reporter: { email, phone: rnd() < 0.4 ? `06${String(10_000_000 + Math.floor(rnd() * 89_999_999))}` : null, sharing_allowed: rnd() < 0.3 },
      incident_date_start: new Date(created - Math.floor(rnd() * 6) * HOUR).toISOString(),
      extra_properties: [],
      ...(staffMade
        ? { source: pick(rnd, ['Telefoon – ASC', 'E-mail – ASC', 'Telefoon – Stadsdeel']), priority: { priority: weighted(rnd, [['normal', 8], ['high', 1], ['low', 1]]) }, type: { code: weighted(rnd, [['SIG', 8], ['REQ', 1], ['QUE', 1], ['COM', 1], ['MAI', 1]]) } }
        : {}),
    };
  };

  /** When a report is made: more in recent weeks; some made so that their term ends today. */
  const createdAt = (i: number, categoryId: number | undefined, dueToday: boolean): number => {
    const sla = categoryId === undefined ? undefined : slas.get(categoryId);
    if (dueToday && sla) {
      // step back an hour at a time until the deadline falls later today (Amsterdam)
      const today = new Date(realNow).toLocaleDateString('nl-NL', { timeZone: 'Europe/Amsterdam' });
      for (let t = realNow - HOUR; t > realNow - 40 * DAY; t -= HOUR) {
        const deadline = slaDeadline(new Date(t), sla);
        if (deadline.getTime() > realNow && deadline.toLocaleDateString('nl-NL', { timeZone: 'Europe/Amsterdam' }) === today) return t;
        if (deadline.getTime() < realNow) break;
      }
    }
    const skew = Math.pow(rnd(), 1.6); // more recent than old
    return realNow - HOUR - skew * days * DAY - (i % 60) * 60_000;
  };

  for (let i = 0; made < options.count; i += 1) {
    const { sub } = subs[i % subs.length]!;
    // every status once first, then as often as TARGETS says
    const target = i < TARGETS.length ? TARGETS[i]![0] : weighted(rnd, TARGETS);
    const open = !CLOSED_STATES.includes(target);
    const created = at(createdAt(i, sub.id, open && rnd() < 0.04));
    const address = pick(rnd, districtsInTurn[i % districtsInTurn.length]!);
    const staffMade = rnd() < 0.25;
    let id: number;
    let uuid: string;
    let email: string | null;
    try {
      const report = body(i, address, created, staffMade);
      email = report.reporter.email;
      if (staffMade) {
        const { rows } = await app.signals.createMany([{ body: report, schemaErrors: undefined }], staff, { single: true });
        ({ id, uuid } = rows[0]!);
      } else {
        const { row } = await app.signals.createPublic(report, undefined);
        ({ id, uuid } = row as { id: number; uuid: string });
      }
    } catch (error) {
      refuse('create', error);
      continue;
    }
    made += 1;
    let t = created;
    const later = (maxHours: number) => at((t += (0.2 + rnd() * maxHours) * HOUR));

    // a resident's photo, right after the report
    if (!staffMade && rnd() < 0.35) {
      later(0.05);
      const signal = await db.selectFrom('signal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const data = photo(rnd);
      await app.signals.addAttachment(signal, { filename: `foto-${i}.png`, mimeType: 'image/png', size: data.length, data }).catch((error: unknown) => refuse('photo', error));
    }
    // routing, assignment, a note or two
    if (rnd() < 0.5 && departments.length) {
      later(4);
      await patch(id, { routing_departments: [{ id: pick(rnd, departments) }] });
    }
    if (rnd() < 0.45) {
      // only a colleague the report can be given to (its departments, may handle it), as the report page offers
      const colleagues = await assignableUsers(db, id);
      if (colleagues.length) {
        later(6);
        await patch(id, { assigned_user_email: pick(rnd, colleagues).username });
      }
    }
    for (let n = rnd() < 0.5 ? 1 + Math.floor(rnd() * 3) : 0; n > 0; n -= 1) {
      later(12);
      await patch(id, { notes: [{ text: pick(rnd, NOTES) }] });
    }

    // the way to the target status, each step a while after the last
    const steps = target === 'reaction received' ? [...pathTo('reaction requested')] : target === 'reopen requested' ? pathTo('o') : pathTo(target);
    let state: StateCode = INITIAL_STATE;
    const needsEmail = steps.some((s) => s === 'reaction requested' || s === 'o');
    if (needsEmail && !email) {
      later(1);
      // a reporter without e-mail cannot be asked; those reports stay where they are
    } else {
      for (const step of steps) {
        later(open ? 30 : 60);
        if (!(await patch(id, { status: statusBody(step, rnd) }))) break;
        state = step;
      }
    }

    // the reporter answers the question through the link of the mail
    if (target === 'reaction received' && state === 'reaction requested') {
      later(20);
      const session = await db.selectFrom('qa_session').select('uuid').where('signal_uuid', '=', uuid).orderBy('created_at', 'desc').executeTakeFirst().catch(() => undefined);
      if (session) {
        const opened = (await inject('GET', apiPath(API_PATHS.qaSession, { uuid: session.uuid }))).json();
        const question = opened.path_questions?.find((q: { field_type: string }) => q.field_type === 'plain_text');
        if (question) {
          await inject('POST', apiPath(API_PATHS.qaSessionAnswers, { uuid: session.uuid }), [{ question_uuid: question.uuid, payload: pick(rnd, REPLIES) }]);
          if ((await inject('POST', apiPath(API_PATHS.qaSessionSubmit, { uuid: session.uuid }))).statusCode < 300) state = 'reaction received';
        }
      }
    }
    // the survey after closing: most answer, a few are unhappy and ask to reopen
    if (state === 'o' && rnd() < (target === 'reopen requested' ? 1 : 0.5)) {
      later(48);
      const form = await db.selectFrom('feedback_request').select('uuid').where('signal_uuid', '=', uuid).orderBy('created_at', 'desc').executeTakeFirst();
      if (form) {
        const unhappy = target === 'reopen requested' || rnd() < 0.25;
        const answer = unhappy
          ? { satisfaction: 'not_satisfied', text_list: [target === 'reopen requested' ? 'Het probleem is niet opgelost' : 'Het duurde te lang'], text_extra: 'Het ligt er nog.', allows_contact: rnd() < 0.5 }
          : { satisfaction: 'satisfied', text_list: ['Het ging snel'], allows_contact: false };
        const res = await inject('PUT', apiPath(API_PATHS.feedbackForm, { uuid: form.uuid }), answer);
        if (res.statusCode < 300 && target === 'reopen requested') state = 'reopen requested';
      }
    }
    byState[state] = (byState[state] ?? 0) + 1;

    // now and then a split (children near the parent, in other subcategories) or nearby reports linked to it;
    // at least one by the middle of the run, whatever the dice say
    if (made < options.count - 2 && open && (rnd() < 0.03 || (splits === 0 && made >= options.count / 2))) {
      later(3);
      const children = [0, 1].map((k) => ({ body: { ...body(i + 1 + k * 7, address, t, true), parent: id }, schemaErrors: undefined }));
      try {
        const { rows } = await app.signals.createMany(children, staff);
        made += rows.length;
        splits += 1;
        byState[INITIAL_STATE] = (byState[INITIAL_STATE] ?? 0) + rows.length;
        if (departments.length) await patch(id, { directing_departments: [{ id: pick(rnd, departments) }] });
      } catch (error) {
        refuse('split', error);
      }
    } else if (made < options.count - 2 && open && (rnd() < 0.03 || (links === 0 && made >= options.count / 2))) {
      // neighbours report the same thing (same subcategory, same address, a little later) and the handler
      // links their reports to this one from 'Meldingen in de buurt' (the nearby action's service)
      const duplicates: number[] = [];
      for (let k = 0; k < 1 + Math.floor(rnd() * 2) && made < options.count; k += 1) {
        const created = later(6);
        try {
          const { row } = await app.signals.createPublic(body(i, address, created, false), undefined);
          duplicates.push((row as { id: number }).id);
          made += 1;
          byState[INITIAL_STATE] = (byState[INITIAL_STATE] ?? 0) + 1;
        } catch (error) {
          refuse('duplicate', error);
        }
      }
      if (duplicates.length) {
        const when = new Date(later(2));
        await linkChildren(db, staff, id, duplicates, when).then(
          () => void (links += 1),
          (error: unknown) => refuse('link', error),
        );
      }
    }
    if (options.progress && made % 250 === 0) options.progress(made, options.count);
  }
  clock.set(new Date());
  return { reports: made, byState, refused, reasons };
}
