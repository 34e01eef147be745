/**
 * The staff bulk create (docs/reference/api.md#staff-create): `POST /signals/v1/private/signals/` with a JSON
 * array of at most 10 reports. Either every item is a normal report, or every item is
 * a child of the same parent (`"parent": <id>`, splitting a report); a parent never
 * gets more than 10 children. Children get the source 'Interne melding', may copy
 * attachments of the parent (`attachments`: their private URLs), take the parent's
 * priority and type when they name none, and send no confirmation mail.
 *
 * Atomic: every item is checked first (`checkSignal`, the same checks as the single
 * create); one bad item gives a 400 with one error dict per item (`{}` for the good
 * ones) and nothing is stored. The store step runs in one transaction that locks the
 * parent's row, so parallel splits cannot pass the limit of 10 together.
 */
import type { ErrorObject } from 'ajv';
import type { Selectable } from 'kysely';
import { maySeeSignal, type ScopeUser } from '../../auth/scoping.ts';
import type { Db } from '../../db/index.ts';
import type { SignalTable } from '../../db/tables.ts';
import { invalid, invalidInput, forbidden, unprocessable, isInvalidFields } from '../../domain/errors.ts';
import type { Storage } from '../../plugins/storage.ts';
import { CATEGORY_MESSAGES, type FieldErrors } from './create-checks.ts';
import { checkSignal, KEY_REUSED, requestHash, storeSignal, type CheckedSignal, type CreateContext, type IdempotencyKey, type StaffAuthor } from './create.ts';

/** Signalen's SIGNAL_MAX_NUMBER_OF_CHILDREN: items per bulk call and children per parent. */
export const MAX_CHILDREN = 10;
/** The source every child report gets (docs/reference/api.md#staff-create). */
export const CHILD_SOURCE = 'Interne melding';

/** Signalen's messages for the list-level checks (English as in its code). */
export const BULK_MESSAGES = {
  tooMany: `Only a maximum of ${MAX_CHILDREN} Signals can be created in bulk`,
  empty: 'Deze lijst mag niet leeg zijn.',
  mixed: 'Only Signals OR Child Signals (of the same parent) can be created in bulk',
  sameParent: "All Parent ID's must be the same Signal",
  parentIsChild: 'The given parent Signal is itself a child, therefore it cannot have children',
  parentFull: `Maximum number of ${MAX_CHILDREN} child Signals reached for parent Signal`,
  wouldExceed: `Cannot create the given child signals because this will exceed the maximum of children allowed on a Signal. Which is set to ${MAX_CHILDREN} child Signals per parent Signal`,
  attachmentsWithoutParent: 'Attachments can only be copied when creating a child Signal',
  attachmentsNotOfParent: 'Attachments can only be copied from the parent Signal',
  noSuchParent: (pk: unknown) => `Ongeldige pk "${String(pk)}" - object bestaat niet.`,
} as const;

/** The history entry a parent gets for each child (Signalen's `CHILD_SIGNAL_CREATED`). */
export const CHILD_CREATED = { what: 'CHILD_SIGNAL_CREATED', action: 'Deelmelding toegevoegd', description: (childId: number) => `Melding ${childId}` } as const;
/** The note a child gets for each attachment copied from its parent. */
export const copiedNote = (filename: string) => `Bijlage gekopieerd van hoofdmelding: ${filename}`;

export interface BulkContext extends CreateContext {
  storage: Storage;
}

/** The signed-in staff member: name for the rows, permissions and departments for scoping the parent. */
export type BulkAuthor = StaffAuthor & ScopeUser;

/** A body item as the route received it, with its JSON Schema errors. */
export interface BulkItem {
  body: unknown;
  schemaErrors: ErrorObject[] | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Fields a child need not send: its source is forced, priority and type default to the parent's. */
const CHILD_OPTIONAL = new Set(['source', 'priority', 'type']);

/** `/signals/v1/private/signals/{signal}/attachments/{id}` of an attachment URL (absolute or not). */
const ATTACHMENT_URL = /^(?:https?:\/\/[^/]+)?\/signals\/v1\/private\/signals\/(\d{1,10})\/attachments\/(\d{1,10})\/?$/;

type AttachmentRow = { id: number; signal_id: number; file_path: string; original_filename: string; mime_type: string; size: number; is_image: boolean };

interface CheckedItem {
  checked: CheckedSignal;
  copies: AttachmentRow[];
}

/** Checks the `attachments` of one child item: private attachment URLs of its parent. */
async function checkAttachments(db: Db, urls: unknown, parentId: number | undefined): Promise<{ rows: AttachmentRow[] } | { error: FieldErrors }> {
  if (urls === undefined || urls === null || (Array.isArray(urls) && urls.length === 0)) return { rows: [] };
  if (parentId === undefined) return { error: { attachments: [BULK_MESSAGES.attachmentsWithoutParent] } };
  if (!Array.isArray(urls)) return { error: {} };
  const ids: number[] = [];
  for (const url of urls) {
    const match = typeof url === 'string' ? ATTACHMENT_URL.exec(url) : null;
    if (!match) return { error: { attachments: [CATEGORY_MESSAGES.invalid] } };
    ids.push(Number(match[2]));
  }
  if (ids.some((id) => id > 2147483647)) return { error: { attachments: [CATEGORY_MESSAGES.missing] } };
  const rows = await db
    .selectFrom('attachment')
    .select(['id', 'signal_id', 'file_path', 'original_filename', 'mime_type', 'size', 'is_image'])
    .where('id', 'in', ids)
    .execute();
  if (new Set(rows.map((r) => r.id)).size !== new Set(ids).size) return { error: { attachments: [CATEGORY_MESSAGES.missing] } };
  if (rows.some((r) => r.signal_id !== parentId)) return { error: { attachments: [BULK_MESSAGES.attachmentsNotOfParent] } };
  // each URL once, in the order given
  return { rows: [...new Set(ids)].map((id) => rows.find((r) => r.id === id)!) };
}

/** The report an earlier bulk call with this key stored, in request order; a 422 for another body. */
async function findBatchByKey(db: Db, key: IdempotencyKey, hash: string): Promise<Selectable<SignalTable>[] | undefined> {
  const found = await db.selectFrom('idempotency_key').select(['request_hash', 'batch', 'signal_id']).where('key', '=', key.key).where('client', '=', key.client).executeTakeFirst();
  if (!found) return undefined;
  if (found.request_hash !== hash || !Array.isArray(found.batch)) throw unprocessable(KEY_REUSED);
  const ids = found.batch;
  const rows = await db.selectFrom('signal').selectAll().where('id', 'in', ids).execute();
  return ids.map((id) => rows.find((r) => r.id === id)!).filter(Boolean);
}

/**
 * Creates the reports of one bulk call (or one child report sent as a single object,
 * which gets the same parent rules). Throws a DomainError with the contract's body:
 * per-item dicts for item errors, `non_field_errors` for the list-level rules, 403
 * when the staff member may not see the parent. `single`: the call sent one object,
 * so item errors are that object's dict.
 */
export async function createSignals(
  ctx: BulkContext,
  items: BulkItem[],
  staff: BulkAuthor,
  options: { idempotencyKey?: IdempotencyKey; single?: boolean } = {},
): Promise<{ rows: Selectable<SignalTable>[]; created: boolean }> {
  if (items.length > MAX_CHILDREN) throw invalidInput(BULK_MESSAGES.tooMany);
  if (items.length === 0) throw invalidInput(BULK_MESSAGES.empty);
  const hash = options.idempotencyKey ? requestHash(options.single ? items[0].body : items.map((i) => i.body)) : '';
  if (options.idempotencyKey) {
    const earlier = await findBatchByKey(ctx.db, options.idempotencyKey, hash);
    if (earlier) return { rows: earlier, created: false };
  }

  // Item checks: every item, so the answer names every problem at once.
  const errors: FieldErrors[] = [];
  const checkedItems: (CheckedItem | undefined)[] = [];
  const parents = new Map<number, Selectable<SignalTable> | undefined>();
  for (const { body, schemaErrors } of items) {
    const itemErrors: FieldErrors = {};
    const isChild = isObject(body) && body.parent !== undefined && body.parent !== null;
    // A child need not name its source, priority or type.
    const relevant = isChild ? schemaErrors?.filter((e) => !(e.keyword === 'required' && e.instancePath === '' && CHILD_OPTIONAL.has(String(e.params.missingProperty)))) : schemaErrors;
    let checked: CheckedSignal | undefined;
    try {
      checked = await checkSignal(ctx, isChild ? { ...body, source: undefined } : body, relevant?.length ? relevant : undefined, staff);
    } catch (error) {
      if (!isInvalidFields(error)) throw error;
      Object.assign(itemErrors, error.body);
    }
    let parentId: number | undefined;
    if (isChild && !('parent' in itemErrors)) {
      const pk = body.parent as number;
      if (!parents.has(pk)) parents.set(pk, await ctx.db.selectFrom('signal').selectAll().where('id', '=', pk).executeTakeFirst());
      if (parents.get(pk)) parentId = pk;
      else itemErrors.parent = [BULK_MESSAGES.noSuchParent(pk)];
    }
    let copies: AttachmentRow[] = [];
    // A child whose parent is unknown has no attachments to copy from: that error says enough.
    if (!('attachments' in itemErrors) && isObject(body) && !(isChild && parentId === undefined)) {
      const attachments = await checkAttachments(ctx.db, body.attachments, parentId);
      if ('error' in attachments) Object.assign(itemErrors, attachments.error);
      else copies = attachments.rows;
    }
    errors.push(itemErrors);
    checkedItems.push(checked && Object.keys(itemErrors).length === 0 ? { checked, copies } : undefined);
  }
  if (errors.some((e) => Object.keys(e).length > 0)) throw invalid(options.single ? errors[0] : errors);
  const ready = checkedItems as CheckedItem[];
  // One moment for the whole call: the reports of one split are equally new (and the parent with them).
  const now = ctx.now();
  for (const { checked } of ready) checked.values.created_at = checked.values.updated_at = now;

  // List-level rules (Signalen's _SignalListSerializer.validate).
  const parentIds = ready.map((i) => i.checked.parent).filter((p): p is number => typeof p === 'number');
  let parent: Selectable<SignalTable> | undefined;
  if (parentIds.length > 0) {
    if (parentIds.length !== ready.length) throw invalidInput(BULK_MESSAGES.mixed);
    if (new Set(parentIds).size > 1) throw invalidInput(BULK_MESSAGES.sameParent);
    parent = parents.get(parentIds[0])!;
    if (!(await maySeeSignal(ctx.db, staff, parent.id))) throw forbidden('Je hebt geen toestemming om deze actie uit te voeren.');
    if (parent.parent_id !== null) throw invalidInput(BULK_MESSAGES.parentIsChild);
    await checkChildCount(ctx.db, parent.id, ready.length);
    for (const [index, { checked }] of ready.entries()) {
      checked.values.source = CHILD_SOURCE;
      checked.values.parent_id = parent.id;
      checked.confirmation = null;
      const body = items[index].body as Record<string, unknown>;
      if (body.priority === undefined) checked.values.priority = parent.priority;
      if (body.type === undefined) checked.values.type_code = parent.type_code;
    }
  }

  const written: string[] = [];
  try {
    const rows = await ctx.db.transaction().execute(async (trx) => {
      if (parent) {
        // The parent's row lock serialises splits of one report: the count below is the truth.
        await trx.selectFrom('signal').select('id').where('id', '=', parent.id).forUpdate().executeTakeFirst();
        await checkChildCount(trx, parent.id, ready.length);
      }
      const stored: Selectable<SignalTable>[] = [];
      for (const { checked, copies } of ready) {
        const row = await storeSignal(trx, checked);
        stored.push(row);
        for (const copy of copies) {
          const saved = await ctx.storage.copy(copy.file_path, 'attachments', copy.original_filename);
          written.push(saved.relativePath);
          await trx
            .insertInto('attachment')
            .values({ signal_id: row.id, file_path: saved.relativePath, original_filename: copy.original_filename, mime_type: copy.mime_type, size: copy.size, is_image: copy.is_image, public: false, created_by: staff.username, created_at: row.created_at })
            .execute();
          await trx.insertInto('signal_note').values({ signal_id: row.id, text: copiedNote(copy.original_filename), created_by: null, created_at: row.created_at }).execute();
        }
        if (parent) {
          await trx
            .insertInto('signal_history')
            .values({ signal_id: parent.id, what: CHILD_CREATED.what, action: CHILD_CREATED.action, description: CHILD_CREATED.description(row.id), who: staff.username, extra: JSON.stringify({ child_id: row.id }), created_at: row.created_at })
            .execute();
        }
      }
      // Splitting is a change of the parent: its children count as seen (has_changed_children).
      if (parent) await trx.updateTable('signal').set({ updated_at: now }).where('id', '=', parent.id).execute();
      if (options.idempotencyKey) {
        await trx
          .insertInto('idempotency_key')
          .values({ key: options.idempotencyKey.key, client: options.idempotencyKey.client, request_hash: hash, signal_id: stored[0].id, batch: JSON.stringify(stored.map((r) => r.id)) })
          .execute();
      }
      return stored;
    });
    if (ready.some((i) => i.checked.confirmation)) ctx.mailQueued?.();
    return { rows, created: true };
  } catch (error) {
    await Promise.all(written.map((file) => ctx.storage.remove(file)));
    if (options.idempotencyKey && (error as { code?: unknown }).code === '23505') {
      const earlier = await findBatchByKey(ctx.db, options.idempotencyKey, hash);
      if (earlier) return { rows: earlier, created: false };
    }
    throw error;
  }
}

/** Refuses children that would take the parent over the maximum. */
async function checkChildCount(db: Db, parentId: number, adding: number): Promise<void> {
  const { count } = await db.selectFrom('signal').select((eb) => eb.fn.countAll<string>().as('count')).where('parent_id', '=', parentId).executeTakeFirstOrThrow();
  const existing = Number(count);
  if (existing >= MAX_CHILDREN) throw invalidInput(BULK_MESSAGES.parentFull);
  if (existing + adding > MAX_CHILDREN) throw invalidInput(BULK_MESSAGES.wouldExceed);
}
