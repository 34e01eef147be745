/** The reports service: create (contract §1) and lookup by public uuid, as `app.signals`. */
import fp from 'fastify-plugin';
import type { ErrorObject } from 'ajv';
import type { Selectable } from 'kysely';
import type { SignalTable } from '../../db/tables.ts';
import { createSignal, type CreateContext } from './create.ts';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SignalService {
  create(body: unknown, schemaErrors: ErrorObject[] | undefined, idempotencyKey?: string): Promise<{ row: Selectable<SignalTable>; created: boolean }>;
  /** undefined for an unknown or malformed uuid. */
  byUuid(uuid: string): Promise<Selectable<SignalTable> | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    signals: SignalService;
  }
}

export interface SignalsPluginOptions {
  boundingBox: [number, number, number, number];
  internalEmailDomains: string[];
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
      mailQueued: () => void app.outbox.resume(),
    };
    app.decorate('signals', {
      create: (body, schemaErrors, key) => createSignal(ctx, body, schemaErrors, key),
      async byUuid(uuid) {
        if (!UUID_PATTERN.test(uuid)) return undefined;
        return app.db.selectFrom('signal').selectAll().where('uuid', '=', uuid).executeTakeFirst();
      },
    } satisfies SignalService);
  },
  { name: 'signals', dependencies: ['database', 'categories', 'outbox'] },
);

export { serializePublicSignal, publicSignalSchema, publicStatus, displayId } from './serialize.ts';
export { addressText, CREATE_ERROR_MAPPING } from './create.ts';
