/**
 * The store step of a single create in ONE statement (one round trip): the report,
 * its Idempotency-Key, the link of its questionnaire session and its confirmation
 * mail are written by one INSERT with data-modifying CTEs, atomically, returning only
 * the columns the answer needs. On PostgreSQL it is a named prepared statement.
 *
 * The confirmation mail names the report's number, which the database only knows while
 * inserting: the mail is rendered with a marker in its place and the statement puts
 * the number in (`replace`). A duplicate Idempotency-Key fails the whole statement
 * (unique violation), so nothing is stored twice.
 */
import { randomBytes } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import { runPrepared, type Db, type PreparedStatement } from '../../db/index.ts';
import type { SignalTable } from '../../db/tables.ts';
import { confirmationMail } from './confirmation.ts';
import { assignmentMail } from '../../followup/mails.ts';
import { incidentLink } from '../../routing/notify.ts';
import type { RoutingDecision } from '../../routing/index.ts';

/** The columns a single create may fill, in statement order. */
const COLUMNS = [
  'uuid',
  'source',
  'text',
  'text_extra',
  'category_id',
  'category_text',
  'lng',
  'lat',
  'address',
  'address_text',
  'stadsdeel',
  'buurt_code',
  'area_type_code',
  'area_code',
  'area_name',
  'location_extra',
  'reporter_email',
  'reporter_phone',
  'sharing_allowed',
  'extra_properties',
  'session_uuid',
  'incident_date_start',
  'incident_date_end',
  'priority',
  'type_code',
  'created_by',
  'routing_by',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof SignalTable)[];

/** What the public answer needs (serializePublicSignal). */
export const PUBLIC_COLUMNS = ['id', 'uuid', 'state', 'created_at', 'updated_at', 'incident_date_start', 'incident_date_end'] as const;
export type PublicSignalRow = Pick<Selectable<SignalTable>, (typeof PUBLIC_COLUMNS)[number]>;

/** Column defaults of the signal table, for the columns a public create leaves out. */
const DEFAULTS: Partial<Record<(typeof COLUMNS)[number], unknown>> = { text_extra: '', sharing_allowed: false, priority: 'normal', type_code: 'SIG', created_by: null, routing_by: null };

/** Where the mail's report number goes; random per process, so no report text can contain it by chance. */
const NUMBER_MARKER = `MELDLOKET-NUMMER-${randomBytes(8).toString('hex')}`;
/** Where the report's id goes in a notification's link. */
const ID_MARKER = `MELDLOKET-ID-${randomBytes(8).toString('hex')}`;

export interface StoreOneInput {
  values: Insertable<SignalTable>;
  sessionId: number | null;
  /** The areas its point lies in. */
  areaIds: number[];
  /** How a rule routes it (create.ts routingOf); undefined: no rule. */
  routed?: RoutingDecision;
  /** The base of the links in the staff notifications. */
  publicUrl: string;
  confirmation: { to: string; category: string; handlingMessage: string | null } | null;
  key?: { key: string; client: string; hash: string };
}

interface Shape {
  areas: boolean;
  routed: boolean;
  key: boolean;
  session: boolean;
  mail: boolean;
  all: boolean;
}

const statements = new Map<string, PreparedStatement>();

function statementFor(shape: Shape): PreparedStatement {
  const id = `create_signal_${Number(shape.areas)}${Number(shape.routed)}${Number(shape.key)}${Number(shape.session)}${Number(shape.mail)}${Number(shape.all)}`;
  const known = statements.get(id);
  if (known) return known;
  let n = COLUMNS.length;
  const p = () => `$${(n += 1)}`;
  const ctes = [`s as (insert into signal (${COLUMNS.join(', ')}) values (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) returning ${shape.all ? '*' : PUBLIC_COLUMNS.join(', ')})`];
  if (shape.key) ctes.push(`k as (insert into idempotency_key (key, client, request_hash, signal_id) select ${p()}::text, ${p()}::text, ${p()}::text, s.id from s)`);
  if (shape.session) ctes.push(`q as (update qa_session set signal_uuid = s.uuid from s where qa_session.id = ${p()}::int)`);
  if (shape.mail) {
    const marker = p();
    const number = `'SIG-' || s.id`;
    ctes.push(
      `o as (insert into outbox ("to", subject, text, html) select ${p()}::text, replace(${p()}::text, ${marker}::text, ${number}), replace(${p()}::text, ${marker}::text, ${number}), replace(${p()}::text, ${marker}::text, ${number}) from s)`,
    );
  }
  // the areas, and a rule's routing with its history and the staff notifications (routing/notify.ts)
  const ids = (param: string) => `(select x::int from jsonb_array_elements_text(${param}::jsonb) x)`;
  if (shape.areas) ctes.push(`a as (insert into signal_area (signal_id, area_id) select s.id, x from s, ${ids(p())} as t(x))`);
  if (shape.routed) {
    const routing = p();
    ctes.push(`r as (insert into signal_routing_department (signal_id, department_id) select s.id, x from s, ${ids(routing)} as t(x))`);
    ctes.push(`d as (insert into signal_directing_department (signal_id, department_id) select s.id, x from s, ${ids(p())} as t(x))`);
    ctes.push(
      `h as (insert into signal_history (signal_id, what, action, description, who, created_at) select s.id, e->>'what', e->>'action', e->>'description', null, s.created_at from s, jsonb_array_elements(${p()}::jsonb) e)`,
    );
    const [marker, idMarker, subject, text] = [p(), p(), p(), p()];
    ctes.push(
      `n as (insert into outbox ("to", subject, text) select distinct u.email, replace(${subject}::text, ${marker}::text, 'SIG-' || s.id), replace(replace(${text}::text, ${marker}::text, 'SIG-' || s.id), ${idMarker}::text, s.id::text) ` +
        `from s, staff_user u join user_department ud on ud.user_id = u.id where ud.department_id in ${ids(routing)} and u.is_active and u.notification_on_department_assignment)`,
    );
  }
  const statement = { name: id, text: `with ${ctes.join(', ')} select * from s` };
  statements.set(id, statement);
  return statement;
}

/** Whether a checked report fits the one-statement store (else the caller uses storeSignal in a transaction). */
export function fitsOneStatement(values: Insertable<SignalTable>): boolean {
  return Object.keys(values).every((column) => (COLUMNS as readonly string[]).includes(column));
}

/** Stores one checked report in one statement; `all`: return every column (the staff answer), else PUBLIC_COLUMNS. */
export async function storeOne<All extends boolean>(db: Db, input: StoreOneInput, all: All): Promise<All extends true ? Selectable<SignalTable> : PublicSignalRow> {
  const { values, sessionId, confirmation, key, areaIds, routed } = input;
  const record = values as Record<string, unknown>;
  const params: unknown[] = COLUMNS.map((column) => (record[column] === undefined ? (DEFAULTS[column] ?? null) : record[column]));
  if (key) params.push(key.key, key.client, key.hash);
  if (sessionId !== null) params.push(sessionId);
  if (confirmation) {
    const mail = confirmationMail({
      ...confirmation,
      display: NUMBER_MARKER,
      text: values.text,
      address: values.address_text ?? null,
      createdAt: values.created_at as Date,
    });
    params.push(NUMBER_MARKER, mail.to, mail.subject, mail.text, mail.html ?? null);
  }
  if (areaIds.length) params.push(JSON.stringify(areaIds));
  if (routed) {
    const mail = assignmentMail('', NUMBER_MARKER, incidentLink(input.publicUrl, ID_MARKER as unknown as number), 'uw afdeling');
    params.push(JSON.stringify(routed.routing), JSON.stringify(routed.directing), JSON.stringify(routed.history), NUMBER_MARKER, ID_MARKER, mail.subject, mail.text);
  }
  const statement = statementFor({ areas: areaIds.length > 0, routed: routed !== undefined, key: key !== undefined, session: sessionId !== null, mail: confirmation !== null, all });
  const [row] = await runPrepared<Selectable<SignalTable>>(db, statement, params);
  return row;
}
