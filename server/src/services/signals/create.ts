/**
 * The public create call (docs/reference/api.md#public-create): schema errors and domain checks merged into
 * one 400, unknown top-level keys only once everything else passed, then one
 * transaction that stores the report (and links the session and idempotency key).
 */
import { locate, type AreaService } from '../../areas/index.ts';
import { decide, type RoutingDecision, type RoutingService, type RuleSet } from '../../routing/index.ts';
import { notifyDepartments } from '../../routing/notify.ts';
import { createHash, randomUUID } from 'node:crypto';
import type { ErrorObject } from 'ajv';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { SignalTable } from '../../db/tables.ts';
import { DomainError, invalid, invalidInput, unprocessable } from '../../domain/errors.ts';
import { toFieldErrors } from '../../domain/field-errors.ts';
import { parseDateTime } from '../../domain/datetime.ts';
import type { CategoryService } from '../categories/index.ts';
import { checkBox, checkCategory, checkSession, checkSource, checkStaffSource, mergeErrors, NOT_ON_CREATE, type FieldErrors } from './create-checks.ts';
import { confirmationMail } from './confirmation.ts';
import { displayId } from './serialize.ts';
import { fitsOneStatement, storeOne, type PublicSignalRow } from './store-one.ts';

/** How schema errors of the create body nest (DRF: nested serializers for location, category, reporter). */
export const CREATE_ERROR_MAPPING = {
  depth: { location: 2, category: 2, reporter: 2 },
  collapse: { extra_properties: 'Invalid input.' },
  leafMessages: { 'location/geometrie': 'Ongeldige geometrie: verwacht een GeoJSON Point met coördinaten [lengtegraad, breedtegraad].' },
};

export interface CreateContext {
  db: Db;
  categories: CategoryService;
  boundingBox: [number, number, number, number];
  internalEmailDomains: string[];
  now: () => Date;
  /** The area index (every report gets its areas from its point) and the routing rules. */
  areas: AreaService;
  routing: RoutingService;
  /** The base of the links in the staff notifications. */
  publicUrl: string;
  /** Called after a report with a confirmation mail in the outbox was stored (hands it to SMTP). */
  mailQueued?: () => void;
}

type Body = Record<string, unknown>;

/** The signed-in staff member of a private create call (docs/reference/api.md#staff-create). */
export interface StaffAuthor {
  username: string;
}
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/**
 * Trims the reporter's e-mail address in place, before the body is validated: a
 * resident's ' naam@example.nl ' is that address (contract: trimmed, at most 254 characters).
 */
export function trimReporterEmail(body: unknown): void {
  if (!isObject(body) || !isObject(body.reporter) || typeof body.reporter.email !== 'string') return;
  body.reporter.email = body.reporter.email.trim();
}

export function addressText(address: Record<string, unknown> | null | undefined): string | null {
  if (!address) return null;
  const number = `${str(address.huisnummer)}${str(address.huisletter)}${address.huisnummer_toevoeging ? `-${str(address.huisnummer_toevoeging)}` : ''}`;
  const text = [str(address.openbare_ruimte), number, str(address.postcode), str(address.woonplaats)].filter(Boolean).join(' ').trim();
  return text || null;
}

function isUniqueViolation(error: unknown): boolean {
  return isObject(error) && (error as { code?: unknown }).code === '23505';
}

/** An Idempotency-Key as the client sent it, and who sent it. */
export interface IdempotencyKey {
  key: string;
  /** The client's address: a key only replays for the client that made it. */
  client: string;
}

export const KEY_REUSED = 'Deze Idempotency-Key is al gebruikt voor een andere aanvraag.';

/** A stable hash of a JSON body (object keys sorted), so the same report gives the same hash. */
export function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : isObject(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])])) : v;
  return createHash('sha256').update(JSON.stringify(canonical(body)) ?? '').digest('hex');
}

/** The report an earlier call with this key stored; a 422 when that call sent another body. */
async function findByKey(db: Db, key: IdempotencyKey, hash: string): Promise<Selectable<SignalTable> | undefined> {
  const found = await db
    .selectFrom('idempotency_key as k')
    .innerJoin('signal as s', 's.id', 'k.signal_id')
    .selectAll('s')
    .select('k.request_hash')
    .where('k.key', '=', key.key)
    .where('k.client', '=', key.client)
    .executeTakeFirst();
  if (!found) return undefined;
  const { request_hash, ...row } = found;
  if (request_hash !== hash) throw unprocessable(KEY_REUSED);
  return row;
}

/** A report that passed every check (`checkSignal`), ready for `storeSignal`. */
export interface CheckedSignal {
  /** The row to insert (uuid included). */
  values: Insertable<SignalTable>;
  /** The questionnaire session the report takes over, if any. */
  sessionId: number | null;
  /** What the confirmation mail needs besides the stored row; null: no mail (no address, or a child report). */
  confirmation: { to: string; category: string; handlingMessage: string | null } | null;
  /** The areas its point lies in (signal_area). */
  areaIds: number[];
  /** Its main category (routing rules may name it). */
  mainCategoryId: number;
  /** The routing rules at check time: the report is routed when stored (`routingOf`). */
  rules: RuleSet;
  /** The base of the links in the staff notifications. */
  publicUrl: string;
  /** The body's `parent` (a child report of the staff bulk call, docs/reference/api.md#staff-create); checked by the bulk service. */
  parent?: unknown;
  /** The body's `attachments` (URLs of the parent's attachments to copy); checked by the bulk service. */
  attachments?: unknown;
}

/**
 * The check step of a create call: every field check of docs/reference/api.md#public-create (and docs/reference/api.md#staff-create with
 * `staff`), merged into one invalid-input `DomainError` in the contract's shape. Reads the
 * database (source, category, session) but writes nothing.
 */
export async function checkSignal(ctx: CreateContext, body: unknown, schemaErrors: ErrorObject[] | undefined, staff?: StaffAuthor): Promise<CheckedSignal> {
  if (!isObject(body)) {
    throw invalidInput(`Ongeldige gegevens. Verwachtte een dictionary, maar kreeg een ${body === null ? 'null' : Array.isArray(body) ? 'list' : typeof body === 'string' ? 'str' : typeof body}.`);
  }
  const allErrors = schemaErrors ?? [];
  const topLevelUnknown = allErrors.filter((e) => e.instancePath === '' && (e.keyword === 'unevaluatedProperties' || e.keyword === 'additionalProperties'));
  // The private call ignores unknown keys (docs/reference/api.md#staff-create); the public one names them.
  const unknownKeyErrors = staff ? [] : topLevelUnknown;
  const fieldErrors: FieldErrors = toFieldErrors(allErrors.filter((e) => !topLevelUnknown.includes(e)), body, CREATE_ERROR_MAPPING) ?? {};
  if (staff) {
    for (const [field, message] of Object.entries(NOT_ON_CREATE)) if (body[field] !== undefined) fieldErrors[field] = [message];
  }
  const failed = (field: string) => field in fieldErrors;
  const now = ctx.now();

  const source = failed('source') ? undefined : await (staff ? checkStaffSource : checkSource)(ctx.db, body.source);
  if (source && 'error' in source) mergeErrors(fieldErrors, source.error);
  const category = failed('category') ? undefined : await checkCategory(ctx.categories, body.category);
  if (category && 'error' in category) mergeErrors(fieldErrors, category.error);
  if (!failed('location')) mergeErrors(fieldErrors, checkBox(body.location, ctx.boundingBox) ?? {});
  const session = failed('session') ? undefined : await checkSession(ctx.db, body.session, now);
  if (session && 'error' in session) mergeErrors(fieldErrors, session.error);

  if (Object.keys(fieldErrors).length > 0) throw invalid(fieldErrors);
  if (unknownKeyErrors.length > 0) throw invalid(toFieldErrors(unknownKeyErrors, body) ?? { non_field_errors: ['Invalid input.'] });
  if (!source || 'error' in source || !category || 'error' in category || (session && 'error' in session)) {
    throw invalidInput('Invalid input.');
  }

  const location = body.location as Record<string, unknown>;
  const [lng, lat] = (location.geometrie as { coordinates: [number, number] }).coordinates;
  const address = isObject(location.address) && Object.keys(location.address).length > 0 ? location.address : null;
  const reporter = isObject(body.reporter) ? body.reporter : {};
  const email = typeof reporter.email === 'string' && reporter.email !== '' ? reporter.email : null;
  const domain = email?.split('@')[1]?.toLowerCase();
  const sourceName = domain && ctx.internalEmailDomains.includes(domain) ? 'Interne melding' : source.name;
  const extra = Array.isArray(body.extra_properties) ? [...body.extra_properties] : body.extra_properties === null ? null : null;
  const withSession = session && !('error' in session) ? [...(extra ?? []), ...session.extraProperties] : extra;
  const cat = body.category as Record<string, unknown>;
  const located = locate(await ctx.areas.lookup(), lng, lat, location);
  const rules = await ctx.routing.ruleSet();

  return {
    values: {
      uuid: randomUUID(),
      source: sourceName,
      text: body.text as string,
      text_extra: typeof body.text_extra === 'string' ? body.text_extra : '',
      category_id: category.sub.id,
      category_text: typeof cat.text === 'string' ? cat.text : null,
      lng,
      lat,
      address: address ? JSON.stringify(address) : null,
      address_text: addressText(address),
      stadsdeel: located.stadsdeel,
      buurt_code: located.buurt_code,
      area_type_code: located.area_type_code,
      area_code: located.area_code,
      area_name: located.area_name,
      location_extra: location.extra_properties === undefined ? null : JSON.stringify(location.extra_properties),
      reporter_email: email,
      reporter_phone: typeof reporter.phone === 'string' && reporter.phone !== '' ? reporter.phone : null,
      sharing_allowed: reporter.sharing_allowed === true,
      extra_properties: withSession === null ? null : JSON.stringify(withSession),
      session_uuid: session && !('error' in session) ? session.uuid : null,
      incident_date_start: parseDateTime(body.incident_date_start as string)!,
      incident_date_end: typeof body.incident_date_end === 'string' ? parseDateTime(body.incident_date_end)! : null,
      ...(staff
        ? {
            priority: isObject(body.priority) && typeof body.priority.priority === 'string' ? body.priority.priority : 'normal',
            type_code: isObject(body.type) && typeof body.type.code === 'string' ? body.type.code : 'SIG',
            created_by: staff.username,
          }
        : {}),
      created_at: now,
      updated_at: now,
    },
    sessionId: session && !('error' in session) ? session.sessionId : null,
    areaIds: located.areaIds,
    mainCategoryId: category.main.id,
    rules,
    publicUrl: ctx.publicUrl,
    confirmation: email ? { to: email, category: category.sub.public_name || category.sub.name, handlingMessage: category.sub.handling_message } : null,
    ...(staff ? { parent: body.parent, attachments: body.attachments } : {}),
  };
}

/**
 * How a checked report is routed when stored (by its values then: a child's forced source
 * counts): the first matching rule, or undefined (the subcategory's responsible department).
 */
export function routingOf(checked: CheckedSignal): RoutingDecision | undefined {
  const v = checked.values;
  return decide(checked.rules, {
    subCategoryId: v.category_id,
    mainCategoryId: checked.mainCategoryId,
    areaIds: checked.areaIds,
    type: v.type_code ?? 'SIG',
    source: v.source,
    at: new Date(v.created_at as Date),
  });
}

/**
 * The store step: inserts a checked report inside the caller's transaction, links
 * its questionnaire session and puts its confirmation mail in the outbox (stored
 * with the report: sent once, or not at all). Returns the stored row.
 */
export async function storeSignal(trx: Db, checked: CheckedSignal): Promise<Selectable<SignalTable>> {
  const routed = routingOf(checked);
  const inserted = await trx.insertInto('signal').values({ ...checked.values, routing_by: routed ? `rule:${routed.rule.id}` : null }).returningAll().executeTakeFirstOrThrow();
  if (checked.areaIds.length) await trx.insertInto('signal_area').values(checked.areaIds.map((area_id) => ({ signal_id: inserted.id, area_id }))).execute();
  if (routed) {
    await trx.insertInto('signal_routing_department').values(routed.routing.map((department_id) => ({ signal_id: inserted.id, department_id }))).execute();
    if (routed.directing.length) await trx.insertInto('signal_directing_department').values(routed.directing.map((department_id) => ({ signal_id: inserted.id, department_id }))).execute();
    await trx
      .insertInto('signal_history')
      .values(routed.history.map((h) => ({ signal_id: inserted.id, what: h.what, action: h.action, description: h.description, who: null, created_at: inserted.created_at })))
      .execute();
    await notifyDepartments(trx, checked.publicUrl, inserted.id, routed.routing, null);
  }
  if (checked.sessionId !== null) {
    await trx.updateTable('qa_session').set({ signal_uuid: inserted.uuid }).where('id', '=', checked.sessionId).execute();
  }
  if (checked.confirmation) {
    // the confirmation the thank-you page promises
    const mail = confirmationMail({
      ...checked.confirmation,
      display: displayId(inserted.id),
      text: inserted.text,
      address: inserted.address_text,
      createdAt: inserted.created_at,
    });
    await trx.insertInto('outbox').values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null }).execute();
  }
  return inserted;
}

/**
 * Validates and stores a report. `schemaErrors` are the JSON Schema errors of the
 * body (or undefined when it passed). Returns the stored row and whether it was
 * created now (false: an earlier call with the same Idempotency-Key). With `staff`
 * it is the private create call (docs/reference/api.md#staff-create): a non-public source, priority and
 * type, unknown keys ignored, status and departments refused.
 */
export function createSignal(
  ctx: CreateContext,
  body: unknown,
  schemaErrors: ErrorObject[] | undefined,
  idempotencyKey?: IdempotencyKey,
  staff?: StaffAuthor,
): Promise<{ row: Selectable<SignalTable>; created: boolean }> {
  return createOne(ctx, body, schemaErrors, idempotencyKey, staff, true);
}

/** The public create call: as createSignal, with only the columns of the public answer read back. */
export function createPublicSignal(
  ctx: CreateContext,
  body: unknown,
  schemaErrors: ErrorObject[] | undefined,
  idempotencyKey?: IdempotencyKey,
): Promise<{ row: PublicSignalRow; created: boolean }> {
  return createOne(ctx, body, schemaErrors, idempotencyKey, undefined, false);
}

/**
 * Check, then store in one round trip (store-one.ts): the Idempotency-Key is written
 * by the same statement, so a repeated key fails it as a whole (unique violation) and
 * the report stored earlier is answered instead. The earlier report is looked up only
 * then, or when the body does not pass the checks now (a replay answers with the report
 * it made, whatever changed since).
 */
async function createOne<All extends boolean>(
  ctx: CreateContext,
  body: unknown,
  schemaErrors: ErrorObject[] | undefined,
  idempotencyKey: IdempotencyKey | undefined,
  staff: StaffAuthor | undefined,
  all: All,
): Promise<{ row: All extends true ? Selectable<SignalTable> : PublicSignalRow; created: boolean }> {
  type Row = All extends true ? Selectable<SignalTable> : PublicSignalRow;
  const hash = idempotencyKey ? requestHash(body) : '';
  const earlier = async () => (idempotencyKey ? ((await findByKey(ctx.db, idempotencyKey, hash)) as Row | undefined) : undefined);
  let checked: CheckedSignal;
  try {
    checked = await checkSignal(ctx, body, schemaErrors, staff);
  } catch (error) {
    const row = error instanceof DomainError ? await earlier() : undefined;
    if (row) return { row, created: false };
    throw error;
  }
  try {
    let row: Row;
    if (fitsOneStatement(checked.values)) {
      const routed = routingOf(checked);
      const values = routed ? { ...checked.values, routing_by: `rule:${routed.rule.id}` } : checked.values;
      row = await storeOne(ctx.db, { ...checked, values, routed, key: idempotencyKey && { ...idempotencyKey, hash } }, all);
    } else {
      row = await ctx.db.transaction().execute(async (trx) => {
        const inserted = await storeSignal(trx, checked);
        if (idempotencyKey) {
          await trx.insertInto('idempotency_key').values({ key: idempotencyKey.key, client: idempotencyKey.client, request_hash: hash, signal_id: inserted.id }).execute();
        }
        return inserted as Row;
      });
    }
    if (checked.confirmation || checked.rules.rules.length) ctx.mailQueued?.();
    return { row, created: true };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const row = await earlier();
      if (row) return { row, created: false };
    }
    throw error;
  }
}
