/**
 * PATCH /signals/v1/private/signals/{id} (docs/reference/api.md#private): one or more blocks, applied
 * atomically. First every block is checked (the extra permission of its block, 403;
 * then field errors of all blocks together, 400, nested per block as DRF does), then
 * one transaction locks the report and applies the blocks in Signalen's order
 * (location, status, category, priority, notes, type, directing departments, routing
 * departments, assigned user), each with its history entry. A refusal inside (the
 * status model's clean step) rolls everything back: one failing block changes nothing.
 */
import { checkIfMatch } from './version.ts';
import { linkAreas, locate, type AreaService } from '../../areas/index.ts';
import { BY_PERSON, reroute, type RoutingService } from '../../routing/index.ts';
import { createRequire } from 'node:module';
import { incidentPage, PRIORITY_OPTIONS, STATUS_RULES, typeOptions } from '@meldloket/engine';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { sql, type Selectable } from 'kysely';
import { hasPermission, loadStaffUser, type StaffUser } from '../../auth/users.ts';
import { mayBeAssigned } from './assignees.ts';
import type { Db } from '../../db/index.ts';
import type { SignalTable } from '../../db/tables.ts';
import { invalid, invalidInput, notFound, forbidden, NO_SIGNAL } from '../../domain/errors.ts';
import { bodyAjv, compileOnce } from '../../domain/schema.ts';
import { MESSAGES, toFieldErrors } from '../../domain/field-errors.ts';
import type { Category, CategoryService, MainCategory } from '../categories/index.ts';
import { checkBox, checkCategory, mergeErrors, type FieldErrors } from '../signals/create-checks.ts';
import { addressText, CREATE_ERROR_MAPPING } from '../signals/create.ts';
import { departmentsOf } from './detail.ts';
import { writeHistory } from './history.ts';
import { applyStatus, checkStatusBlock, queueMail, type AppliedStatus, type StatusDeps, type StatusInput } from './status.ts';
import { assignmentMail } from '../../followup/mails.ts';
import { displayId } from '../signals/serialize.ts';
import { notifyDepartments } from '../../routing/notify.ts';
import type { Permission } from '../../auth/catalogue.ts';

export const NOTE_MESSAGES = {
  empty: 'De notitie mag niet leeg zijn',
  tooLong: (n: number) => `Je hebt meer dan de maximale ${n} tekens ingevoerd.`,
};
/** The longest reason a person gives for routing by hand. */
export const ROUTING_REASON_MAX = 1000;
export const DIRECTING_PARENTS_ONLY = 'Directing departments can only be set on a parent Signal';
const FORBIDDEN = 'Je hebt geen toestemming om deze actie uit te voeren.';
/** An assignment to someone who could not open or handle the report. */
export const ASSIGNEE_CANNOT_HANDLE = (email: string) => `${email} kan deze melding niet openen of behandelen. Kies een medewerker van de afdeling van de melding.`;


/** The extra permission each block needs besides sia_write (docs/reference/api.md#private). */
export const BLOCK_PERMISSIONS: Record<string, Permission> = {
  status: 'sia_signal_change_status',
  notes: 'sia_signal_create_note',
  category: 'sia_signal_change_category',
};

export interface PatchDeps extends StatusDeps {
  db: Db;
  categories: CategoryService;
  boundingBox: [number, number, number, number];
  now: () => Date;
  areas: AreaService;
  routing: RoutingService;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'list' : typeof v === 'string' ? 'str' : typeof v === 'number' ? 'int' : typeof v === 'boolean' ? 'bool' : 'dict');

/** The engine's definitions of category, location, priority and type, the ones the create call checks with. */
const createSignalSchema = createRequire(import.meta.url)('@meldloket/engine/schema/create-signal.schema.json') as { $defs: unknown };
const defs = createSignalSchema.$defs as Record<string, { properties?: Record<string, unknown> }>;
/**
 * The PATCH body (docs/reference/api.md#private): the blocks the engine defines are checked by its definitions
 * here; status, notes, assignment and departments by `prepare` below, in DRF's shapes. The
 * route declares this schema and leaves the answer to `patchSignal` (permissions come first).
 */
export const PATCH_BODY_SCHEMA = {
  $id: 'https://meldloket.nl/schema/patch-private-signal.schema.json',
  $defs: defs,
  type: 'object',
  properties: {
    status: { type: 'object' },
    notes: { type: 'array' },
    category: { $ref: '#/$defs/category' },
    location: { $ref: '#/$defs/location' },
    priority: defs.privateSignal!.properties!.priority,
    type: defs.privateSignal!.properties!.type,
    assigned_user_email: { type: ['string', 'null'] },
    routing_departments: { type: ['array', 'null'] },
    directing_departments: { type: 'array' },
    /** Why a person routed it (the history's description); Meldloket's addition to the contract. */
    routing_reason: { type: 'string' },
  },
} as Record<string, unknown>;
/** The blocks' validator, compiled on the first PATCH (as the routes' are) and shared with the route by the schema's `$id`. */
let blockValidator: ValidateFunction | undefined;
const BLOCK_ERROR_MAPPING = { ...CREATE_ERROR_MAPPING, depth: { ...CREATE_ERROR_MAPPING.depth, priority: 2, type: 2 } };

interface Prepared {
  status?: StatusInput;
  note?: string;
  category?: { main: MainCategory; sub: Category; text: string | null };
  location?: Record<string, unknown>;
  priority?: string;
  type?: string;
  assignedUser?: { id: number; email: string } | null;
  routing?: number[];
  directing?: number[];
  routingReason?: string | null;
}

function departmentIds(raw: unknown, known: Set<number>, allowNull: boolean): { ids: number[] } | { error: unknown } {
  if (raw === null) return allowNull ? { ids: [] } : { error: [MESSAGES.blank] };
  if (!Array.isArray(raw)) return { error: [MESSAGES.array.replace('{type}', typeName(raw))] };
  let failed = false;
  const items = raw.map((item) => {
    if (!isObject(item)) {
      failed = true;
      return { non_field_errors: [MESSAGES.object.replace('{type}', typeName(item))] };
    }
    if (item.id === undefined) {
      failed = true;
      return { id: [MESSAGES.required] };
    }
    if (typeof item.id !== 'number' || !Number.isInteger(item.id)) {
      failed = true;
      return { id: [`Incorrect type. Verwacht pk waarde, ontving ${typeName(item.id)}.`] };
    }
    if (!known.has(item.id)) {
      failed = true;
      return { id: [`Ongeldige pk "${item.id}" - object bestaat niet.`] };
    }
    return {};
  });
  if (failed) return { error: items };
  return { ids: [...new Set(raw.map((item) => (item as { id: number }).id))] };
}

/** Checks every block; the prepared changes, or an invalid-input / forbidden DomainError. */
async function prepare(deps: PatchDeps, staff: StaffUser, signal: Selectable<SignalTable>, body: Record<string, unknown>): Promise<Prepared> {
  const errors: FieldErrors = {};
  const prepared: Prepared = {};

  if (body.status !== undefined) {
    const checked = checkStatusBlock(body.status, signal, staff);
    if ('errors' in checked) errors.status = checked.errors;
    else prepared.status = checked.input;
  }

  if (body.notes !== undefined) {
    const notes = body.notes;
    if (!Array.isArray(notes)) errors.notes = [MESSAGES.array.replace('{type}', typeName(notes))];
    else if (notes.length > 0) {
      const first = notes[0];
      if (!isObject(first)) errors.notes = [{ non_field_errors: [MESSAGES.object.replace('{type}', typeName(first))] }];
      else if (first.text === undefined) errors.notes = [{ text: [MESSAGES.required] }];
      else if (first.text !== null && typeof first.text !== 'string') errors.notes = [{ text: [MESSAGES.string] }];
      else if (first.text === null || first.text.trim() === '') errors.notes = [{ text: [NOTE_MESSAGES.empty] }];
      else if (first.text.length > STATUS_RULES.noteMax) errors.notes = [{ text: [NOTE_MESSAGES.tooLong(STATUS_RULES.noteMax)] }];
      else prepared.note = first.text;
    }
  }

  const blocks = Object.fromEntries(['category', 'location', 'priority', 'type'].filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
  if (Object.keys(blocks).length > 0) {
    const validate = (blockValidator ??= compileOnce(bodyAjv, PATCH_BODY_SCHEMA));
    if (!validate(blocks)) mergeErrors(errors, toFieldErrors(validate.errors ?? [], blocks, BLOCK_ERROR_MAPPING) ?? {});
  }
  if (body.category !== undefined && !('category' in errors)) {
    const checked = await checkCategory(deps.categories, body.category);
    if ('error' in checked) mergeErrors(errors, Object.keys(checked.error).length ? checked.error : { category: [MESSAGES.invalid] });
    else prepared.category = { ...checked, text: typeof (body.category as Record<string, unknown>).text === 'string' ? ((body.category as Record<string, unknown>).text as string) : null };
  }
  if (body.location !== undefined && !('location' in errors)) {
    const outside = checkBox(body.location, deps.boundingBox);
    if (outside) mergeErrors(errors, outside);
    else prepared.location = body.location as Record<string, unknown>;
  }
  if (body.priority !== undefined && !('priority' in errors)) prepared.priority = (body.priority as { priority: string }).priority;
  if (body.type !== undefined && !('type' in errors)) prepared.type = (body.type as { code: string }).code;

  if (body.assigned_user_email !== undefined) {
    const email = body.assigned_user_email;
    if (email === null || email === '') prepared.assignedUser = null;
    else if (typeof email !== 'string' || email.length > 254) errors.assigned_user_email = [MESSAGES.email];
    else {
      const user = await deps.db
        .selectFrom('staff_user')
        .select(['id', 'email'])
        .where('is_active', '=', true)
        .where((eb) => eb.or([eb(sql<string>`lower(email)`, '=', email.toLowerCase()), eb(sql<string>`lower(username)`, '=', email.toLowerCase())]))
        .orderBy('id')
        .executeTakeFirst();
      const assignee = user ? await loadStaffUser(deps.db, user.id) : undefined;
      if (!user || !assignee) errors.assigned_user_email = [`Object met email=${email} bestaat niet.`];
      // only a colleague who may open and handle the report (its departments' scope, sia_read and sia_write)
      else if (!(await mayBeAssigned(deps.db, assignee, signal.id))) errors.assigned_user_email = [ASSIGNEE_CANNOT_HANDLE(email)];
      else prepared.assignedUser = user;
    }
  }

  if (body.routing_departments !== undefined || body.directing_departments !== undefined) {
    const known = new Set((await deps.db.selectFrom('department').select('id').execute()).map((d) => d.id));
    if (body.routing_departments !== undefined) {
      const routing = departmentIds(body.routing_departments, known, true);
      if ('error' in routing) errors.routing_departments = routing.error;
      else prepared.routing = routing.ids;
    }
    if (body.directing_departments !== undefined) {
      const directing = departmentIds(body.directing_departments, known, false);
      if ('error' in directing) errors.directing_departments = directing.error;
      else {
        const child = await deps.db.selectFrom('signal').select('id').where('parent_id', '=', signal.id).limit(1).executeTakeFirst();
        if (!child && directing.ids.length > 0) errors.directing_departments = [DIRECTING_PARENTS_ONLY];
        else prepared.directing = directing.ids;
      }
    }
  }

  if (body.routing_reason !== undefined) {
    if (body.routing_reason !== null && typeof body.routing_reason !== 'string') errors.routing_reason = [MESSAGES.string];
    else if (typeof body.routing_reason === 'string' && body.routing_reason.length > ROUTING_REASON_MAX) errors.routing_reason = [NOTE_MESSAGES.tooLong(ROUTING_REASON_MAX)];
    else prepared.routingReason = body.routing_reason?.trim() || null;
  }

  if (Object.keys(errors).length > 0) throw invalid(errors);
  return prepared;
}

const PRIORITY_NAMES = Object.fromEntries(PRIORITY_OPTIONS.map((o) => [o.id, o.label]));
const TYPE_NAMES: Record<string, string> = { ...Object.fromEntries(typeOptions().map((o) => [o.id, o.label])), PRJ: 'Projecten' };
const names = (departments: { name: string }[]) => departments.map((d) => d.name).join(', ') || 'geen';

async function replaceDepartments(db: Db, table: 'signal_routing_department' | 'signal_directing_department', signalId: number, ids: number[]) {
  await db.deleteFrom(table).where('signal_id', '=', signalId).execute();
  if (ids.length) await db.insertInto(table).values(ids.map((department_id) => ({ signal_id: signalId, department_id }))).execute();
}

const incidentLink = (deps: PatchDeps, id: number) => `${deps.publicUrl}${incidentPage(id)}`;

/** Mails the newly assigned staff member when their profile asks for it (not when they assigned themselves). */
async function notifyUser(db: Db, deps: PatchDeps, id: number, userId: number, who: string) {
  const user = await db.selectFrom('staff_user').select(['email', 'username']).where('id', '=', userId).where('notification_on_user_assignment', '=', true).executeTakeFirst();
  if (user && user.username.toLowerCase() !== who.toLowerCase()) await queueMail(db, assignmentMail(user.email, displayId(id), incidentLink(deps, id), 'u'));
}

/** Applies a PATCH body for `staff` to report `id` (scoping checked by the caller). */
export async function patchSignal(deps: PatchDeps, staff: StaffUser, id: number, body: unknown, ifMatch?: string): Promise<AppliedStatus | undefined> {
  if (!isObject(body)) throw invalidInput(MESSAGES.object.replace('{type}', typeName(body)));
  for (const [block, permission] of Object.entries(BLOCK_PERMISSIONS)) {
    if (body[block] !== undefined && !hasPermission(staff, permission)) throw forbidden(FORBIDDEN);
  }
  const current = await deps.db.selectFrom('signal').selectAll().where('id', '=', id).executeTakeFirst();
  if (!current) throw notFound(NO_SIGNAL);
  const p = await prepare(deps, staff, current, body);
  const who = staff.username;
  const now = deps.now();

  return deps.db.transaction().execute(async (db) => {
    // One change at a time per report: a second PATCH waits and sees the first one's state.
    const signal = await db.selectFrom('signal').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    // a colleague changed it since this handler loaded it: refuse, never overwrite unseen
    checkIfMatch(ifMatch, signal);
    const history = (what: Parameters<typeof writeHistory>[1]['what'], action: string, description: string | null = null) =>
      writeHistory(db, { signalId: id, what, action, description, who, at: now });
    let effects: AppliedStatus | undefined;
    let touched = false;

    if (p.location) {
      const l = p.location;
      const [lng, lat] = (l.geometrie as { coordinates: [number, number] }).coordinates;
      const address = isObject(l.address) && Object.keys(l.address).length > 0 ? l.address : null;
      const text = addressText(address);
      const located = locate(await deps.areas.lookup(), lng, lat, l);
      await linkAreas(db, id, located.areaIds);
      await db
        .updateTable('signal')
        .set({
          lng,
          lat,
          address: address ? JSON.stringify(address) : null,
          address_text: text,
          stadsdeel: located.stadsdeel,
          buurt_code: located.buurt_code,
          area_type_code: located.area_type_code,
          area_code: located.area_code,
          area_name: located.area_name,
          location_extra: l.extra_properties === undefined ? null : JSON.stringify(l.extra_properties),
        })
        .where('id', '=', id)
        .execute();
      await history('UPDATE_LOCATION', `Locatie gewijzigd naar: ${text ?? 'Locatie is gepind op de kaart'}`);
      touched = true;
    }

    if (p.status) {
      effects = await applyStatus(db, deps, signal, p.status, who, now);
      touched = true;
    }

    if (p.category && p.category.sub.id !== signal.category_id) {
      await db.updateTable('signal').set({ category_id: p.category.sub.id, category_text: p.category.text, assigned_user_id: null }).where('id', '=', id).execute();
      await history('UPDATE_CATEGORY_ASSIGNMENT', `Categorie gewijzigd naar: ${p.category.sub.name}`, p.category.text);
      // A new category belongs to other departments: assignment starts over, routing follows the rules (below).
      if (signal.assigned_user_id !== null && p.assignedUser === undefined) await history('UPDATE_USER_ASSIGNMENT', 'Melding toegewezen aan: Niet toegewezen');
      touched = true;
    }

    if (p.priority !== undefined && p.priority !== signal.priority) {
      await db.updateTable('signal').set({ priority: p.priority }).where('id', '=', id).execute();
      await history('UPDATE_PRIORITY', `Urgentie gewijzigd naar: ${PRIORITY_NAMES[p.priority] ?? p.priority}`);
      touched = true;
    }

    if (p.note !== undefined) {
      await db.insertInto('signal_note').values({ signal_id: id, text: p.note, created_by: who, created_at: now }).execute();
      touched = true;
    }

    if (p.type !== undefined && p.type !== signal.type_code) {
      await db.updateTable('signal').set({ type_code: p.type }).where('id', '=', id).execute();
      await history('UPDATE_TYPE_ASSIGNMENT', `Type gewijzigd naar: ${TYPE_NAMES[p.type] ?? p.type}`);
      touched = true;
    }

    if (p.directing !== undefined) {
      await replaceDepartments(db, 'signal_directing_department', id, p.directing);
      await history('UPDATE_DIRECTING_DEPARTMENTS_ASSIGNMENT', `Regie gewijzigd naar: ${names(await departmentsOf(db, 'signal_directing_department', id))}`);
      touched = true;
    }

    if (p.routing !== undefined) {
      const before = new Set((await departmentsOf(db, 'signal_routing_department', id)).map((d) => d.id));
      await replaceDepartments(db, 'signal_routing_department', id, p.routing);
      // a person's routing is kept when the category or location changes (routing/index.ts); none: back to the rules' fallback
      await db.updateTable('signal').set({ routing_by: p.routing.length ? `person:${who}` : null }).where('id', '=', id).execute();
      await notifyDepartments(db, deps.publicUrl, id, p.routing.filter((d) => !before.has(d)), who);
      await history('UPDATE_ROUTING_ASSIGNMENT', `Routering: afdeling/afdelingen gewijzigd naar: ${names(await departmentsOf(db, 'signal_routing_department', id))}`, BY_PERSON(p.routingReason ?? null));
      touched = true;
    } else if (p.location || (p.category && p.category.sub.id !== signal.category_id)) {
      // routed again by the rules (the system's entry), unless a person routed it since
      const added = await reroute(db, await deps.routing.ruleSet(), id, { force: false, who: null, at: now });
      if (added?.length) await notifyDepartments(db, deps.publicUrl, id, added, null);
    }

    if (p.assignedUser !== undefined) {
      await db.updateTable('signal').set({ assigned_user_id: p.assignedUser?.id ?? null }).where('id', '=', id).execute();
      await history('UPDATE_USER_ASSIGNMENT', `Melding toegewezen aan: ${p.assignedUser?.email ?? 'Niet toegewezen'}`);
      if (p.assignedUser && p.assignedUser.id !== signal.assigned_user_id) await notifyUser(db, deps, id, p.assignedUser.id, who);
      touched = true;
    }

    if (touched) await db.updateTable('signal').set({ updated_at: now }).where('id', '=', id).execute();
    return effects;
  });
}
