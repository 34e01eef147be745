/**
 * A small stand of the follow-up plugins for route tests: PGlite in memory behind
 * Kysely, the follow-up migration, an in-memory report store and a mail catcher.
 */
import { afterAll, beforeAll } from 'vitest';
import { errorHandlerPlugin } from '../src/http/error-handler.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { up } from '../src/db/migrations/100_followup.ts';
import type { Db, FollowupSignal, MailPort, OutgoingMail, SignalPort } from '../src/followup/index.ts';
import qaRoutes from '../src/routes/qa/index.ts';
import reporterRoutes from '../src/routes/reporter/index.ts';
import feedbackRoutes from '../src/routes/feedback/index.ts';
import devFollowupRoutes from '../src/followup/dev.ts';
import { folderStore, type FileStore } from '../src/storage/index.ts';

class PgliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pg.query<R>(query.sql, [...query.parameters]);
    return { rows: result.rows, numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows) };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported');
  }
}

class PgliteDriver implements Driver {
  private readonly connection: PgliteConnection;
  constructor(readonly pg: PGlite) {
    this.connection = new PgliteConnection(pg);
  }
  async init() {}
  async acquireConnection() {
    return this.connection;
  }
  async beginTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection() {}
  async destroy() {
    await this.pg.close();
  }
}

export async function memoryDb(): Promise<Db> {
  const pg = new PGlite();
  const db = new Kysely<any>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new PgliteDriver(pg),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  await up(db);
  return db as Db;
}

export class MemorySignals implements SignalPort {
  readonly signals = new Map<string, FollowupSignal>();
  readonly history: { uuid: string; state: string; text: string }[] = [];
  private nextId = 1;

  add(overrides: Partial<FollowupSignal> = {}): FollowupSignal {
    const id = this.nextId++;
    const signal: FollowupSignal = {
      uuid: randomUUID(),
      id,
      display: `SIG-${id}`,
      text: 'Er ligt grofvuil naast de container',
      state: 'm',
      createdAt: new Date('2026-05-01T08:15:00Z'),
      reporterEmail: 'melder@example.com',
      location: { lat: 52.3731, lng: 4.8936, addressText: 'Dam 1, 1012JS Amsterdam', address: { openbare_ruimte: 'Dam', huisnummer: 1 }, stadsdeel: 'Centrum' },
      attachments: [],
      ...overrides,
    };
    this.signals.set(signal.uuid, signal);
    return signal;
  }
  async get(uuid: string) {
    return this.signals.get(uuid) ?? null;
  }
  async listRecent(limit: number) {
    return [...this.signals.values()].reverse().slice(0, limit);
  }
  async setState(uuid: string, state: string, text: string) {
    const s = this.signals.get(uuid);
    if (s) s.state = state;
    this.history.push({ uuid, state, text });
  }
  async setReporterEmail(uuid: string, email: string) {
    const s = this.signals.get(uuid);
    if (s) s.reporterEmail = email;
  }
  readonly notes: { uuid: string; text: string }[] = [];
  async addNote(uuid: string, text: string) {
    this.notes.push({ uuid, text });
  }
  async addAttachment(uuid: string, file: { filePath: string; filename: string; mimeType: string; size: number }) {
    const s = this.signals.get(uuid);
    if (s) s.attachments.push({ url: `/signals/media/${file.filePath}`, filename: file.filename, createdAt: new Date(), isImage: true });
  }
}

export class MailCatcher implements MailPort {
  readonly sent: OutgoingMail[] = [];
  async send(mail: OutgoingMail) {
    this.sent.push(mail);
  }
  async list(limit: number) {
    return [...this.sent].reverse().slice(0, limit).map((m) => ({ ...m, created_at: new Date() }));
  }
  /** The first link in the last mail to an address. */
  linkTo(address: string, pattern: RegExp): string {
    const mail = [...this.sent].reverse().find((m) => m.to === address && pattern.test(m.text));
    if (!mail) throw new Error(`no mail to ${address} matching ${pattern}`);
    return mail.text.match(pattern)![0];
  }
}

export interface Stand {
  app: FastifyInstance;
  db: Db;
  signals: MemorySignals;
  mail: MailCatcher;
  mediaDir: string;
  files: FileStore;
  clock: { now: Date };
}

export async function followupStand(): Promise<Stand> {
  const db = await memoryDb();
  const signals = new MemorySignals();
  const mail = new MailCatcher();
  const mediaDir = mkdtempSync(path.join(tmpdir(), 'followup-media-'));
  const clock = { now: new Date() };
  const files = folderStore(mediaDir);
  const opts = { db, signals, mail, files, tmpDir: path.join(mediaDir, 'tmp'), publicUrl: 'http://meldloket.test', maxUploadBytes: 20 * 1024 * 1024, now: () => clock.now };
  const app = Fastify();
  await app.register(errorHandlerPlugin);
  app.decorate('linkBase', { publicUrl: opts.publicUrl, trustForwarded: false });
  await app.register(qaRoutes, opts);
  await app.register(reporterRoutes, opts);
  await app.register(feedbackRoutes, opts);
  await app.register(devFollowupRoutes, opts);
  await app.ready();
  return { app, db, signals, mail, mediaDir, files, clock };
}

/** A follow-up stand for the whole test file: built before the first test, closed after the last. */
export function useFollowupStand(): () => Stand {
  let stand: Stand | undefined;
  beforeAll(async () => {
    stand = await followupStand();
  });
  afterAll(async () => {
    await stand?.app.close();
    await stand?.db.destroy();
  });
  return () => {
    if (!stand) throw new Error('the follow-up stand is used outside a test');
    return stand;
  };
}
