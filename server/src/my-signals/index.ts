/** 'Mijn meldingen' (my signals): a reporter's own reports through a link mailed to them. */
import fp from 'fastify-plugin';
import { createMySignalsStore } from './store.ts';
import { mySignalsRoutes } from './routes.ts';

export interface MySignalsPluginOptions {
  publicUrl: string;
  now?: () => Date;
}

export const mySignalsPlugin = fp<MySignalsPluginOptions>(
  async (app, options) => {
    await app.register(mySignalsRoutes, { store: createMySignalsStore(app.db), publicUrl: options.publicUrl, now: options.now });
  },
  { name: 'my-signals', dependencies: ['database', 'outbox'] },
);

export { TOKEN_SECONDS, MONTHS_BACK, LINKS_PER_HOUR } from './rules.ts';
