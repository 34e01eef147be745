/**
 * `app.privacy` (docs/privacy.md): the retention figures, the dry run, and the daily job that
 * applies them. The job's state is only in the database: each day (Amsterdam date) one
 * process claims it by inserting that day into `privacy_run`, the others skip it; a restart
 * runs a day that was not run yet. Each report is acted on by a conditional write, so even
 * two runs at once act once (retention.ts).
 */
import fp from 'fastify-plugin';
import { amsterdamWallClock, plainDateKey } from '@meldloket/engine';
import { readMunicipalityFile, MunicipalityFileError } from '../plugins/app-config.ts';
import { repeatWhileOpen } from '../plugins/repeat.ts';
import { readRetention, type RetentionConfig } from './config.ts';
import { planRetention, runRetention, type RetentionItem, type RetentionResult } from './retention.ts';

export interface PrivacyService {
  readonly retention: RetentionConfig;
  /** What the job would do now, without doing it. */
  dryRun(): Promise<RetentionItem[]>;
  /** Applies the rule now (every caller; safe to run at once). */
  run(): Promise<RetentionResult>;
  /** Today's run, if no process ran it yet today; null when another did. */
  runDaily(): Promise<RetentionResult | null>;
  now(): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    privacy: PrivacyService;
  }
}

export interface PrivacyPluginOptions {
  /** MUNICIPALITY_FILE; its `privacy.retention` holds the figures (docs/privacy.md). */
  municipalityFile?: string;
  /** Overrides the file (tests). */
  retention?: RetentionConfig;
  now?: () => Date;
  /** How often the job checks whether today's run is done (ms; default an hour, 0 = never). */
  checkEveryMs?: number;
}

export const privacyPlugin = fp<PrivacyPluginOptions>(
  async (app, options) => {
    const now = options.now ?? (() => new Date());
    let retention = options.retention;
    if (!retention) {
      const read = readRetention(options.municipalityFile ? readMunicipalityFile(options.municipalityFile).privacy : undefined);
      if (read.problems.length > 0) throw new MunicipalityFileError(`${options.municipalityFile}:\n${read.problems.map((p) => `- ${p}`).join('\n')}`);
      retention = read.config;
    }
    const config = retention;
    const run = () =>
      runRetention(app.db, config, now(), (key) => app.storage.remove(key), (key, error) => app.log.warn({ err: error, key }, 'removing a deleted report’s file failed'));

    const service: PrivacyService = {
      retention: config,
      dryRun: () => planRetention(app.db, config, now()),
      run,
      async runDaily() {
        const day = plainDateKey(amsterdamWallClock(now()).date);
        const claimed = await app.db.insertInto('privacy_run').values({ day, started_at: now(), anonymised: null, deleted: null, finished_at: null }).onConflict((oc) => oc.column('day').doNothing()).returning('day').executeTakeFirst();
        if (!claimed) return null;
        const result = await run();
        await app.db.updateTable('privacy_run').set({ finished_at: now(), anonymised: result.anonymised.length, deleted: result.deleted.length }).where('day', '=', day).execute();
        app.log.info({ anonymised: result.anonymised.length, deleted: result.deleted.length, mails: result.mails }, 'retention job ran');
        return result;
      },
      now,
    };
    app.decorate('privacy', service);

    repeatWhileOpen(app, options.checkEveryMs ?? 60 * 60 * 1000, () => service.runDaily(), 'the retention job failed');
  },
  { name: 'privacy', dependencies: ['database', 'storage'] },
);
