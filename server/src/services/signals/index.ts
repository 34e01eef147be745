/** The reports service: create (docs/reference/api.md#public-create) and lookup by public uuid, as `app.signals`. */
import fp from 'fastify-plugin';
import type { ErrorObject } from 'ajv';
import type { Selectable } from 'kysely';
import type { AttachmentTable, SignalTable } from '../../db/tables.ts';
import { addPublicAttachment, type NewAttachment } from './attachments.ts';
import { createPublicSignal, createSignal, type CreateContext, type IdempotencyKey, type StaffAuthor } from './create.ts';
import type { PublicSignalRow } from './store-one.ts';
import { createSignals, type BulkAuthor, type BulkItem } from './create-bulk.ts';

import { UUID_RE } from '../../domain/ids.ts';
export const UUID_PATTERN = UUID_RE;

export interface SignalService {
  /** With `staff`: the private create call (docs/reference/api.md#staff-create). */
  create(body: unknown, schemaErrors: ErrorObject[] | undefined, idempotencyKey?: IdempotencyKey, staff?: StaffAuthor): Promise<{ row: Selectable<SignalTable>; created: boolean }>;
  /** The public create call (docs/reference/api.md#public-create): the stored report with only the columns of the public answer. */
  createPublic(body: unknown, schemaErrors: ErrorObject[] | undefined, idempotencyKey?: IdempotencyKey): Promise<{ row: PublicSignalRow; created: boolean }>;
  /**
   * The staff bulk create (docs/reference/api.md#staff-create): up to 10 reports, or child reports of one
   * parent, stored together or not at all. `single`: one object that names a parent.
   */
  createMany(items: BulkItem[], staff: BulkAuthor, options?: { idempotencyKey?: IdempotencyKey; single?: boolean }): Promise<{ rows: Selectable<SignalTable>[]; created: boolean }>;
  /** undefined for an unknown or malformed uuid. */
  byUuid(uuid: string): Promise<Selectable<SignalTable> | undefined>;
  /** Stores a resident's checked file with the report (ApiError when the report takes none now, or has the maximum). */
  addAttachment(signal: Selectable<SignalTable>, file: NewAttachment): Promise<Selectable<AttachmentTable>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    signals: SignalService;
  }
}

export interface SignalsPluginOptions {
  boundingBox: [number, number, number, number];
  internalEmailDomains: string[];
  /** The base of the links in the staff notifications. */
  publicUrl: string;
  /** Attachments per report at most (resident uploads). */
  maxAttachmentsPerReport: number;
  now?: () => Date;
}

export const signalsPlugin = fp<SignalsPluginOptions>(
  async (app, options) => {
    const ctx: CreateContext = {
      db: app.db,
      categories: app.categories,
      boundingBox: options.boundingBox,
      internalEmailDomains: options.internalEmailDomains,
      now: options.now ?? (() => new Date()),
      areas: app.areas,
      routing: app.routingRules,
      publicUrl: options.publicUrl,
      mailQueued: () => void app.outbox.resume(),
    };
    app.decorate('signals', {
      create: (body, schemaErrors, key, staff) => createSignal(ctx, body, schemaErrors, key, staff),
      createPublic: (body, schemaErrors, key) => createPublicSignal(ctx, body, schemaErrors, key),
      createMany: (items, staff, createOptions) => createSignals({ ...ctx, storage: app.storage }, items, staff, createOptions),
      addAttachment: (signal, file) =>
        addPublicAttachment({ db: app.db, storage: app.storage, maxAttachmentsPerReport: options.maxAttachmentsPerReport, now: ctx.now }, signal, file),
      async byUuid(uuid) {
        if (!UUID_PATTERN.test(uuid)) return undefined;
        return app.db.selectFrom('signal').selectAll().where('uuid', '=', uuid).executeTakeFirst();
      },
    } satisfies SignalService);
  },
  { name: 'signals', dependencies: ['database', 'categories', 'routing', 'storage', 'outbox'] },
);

export { serializePublicSignal, publicSignalSchema, displayId } from './serialize.ts';
export { addressText, trimReporterEmail, CREATE_ERROR_MAPPING, type StaffAuthor } from './create.ts';
export { MAX_CHILDREN, CHILD_SOURCE, BULK_MESSAGES, type BulkItem } from './create-bulk.ts';
