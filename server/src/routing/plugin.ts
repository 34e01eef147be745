/**
 * `app.areas` (the area index) and `app.routingRules` (the rules), per-process caches kept right by
 * change notices; `app.rerouteWorker`, this process's worker for the background re-routing of the
 * open reports (job.ts), which looks for a waiting job every `checkEveryMs`.
 */
import fp from 'fastify-plugin';
import { repeatWhileOpen } from '../plugins/repeat.ts';
import { createAreaService, type AreaService } from '../areas/index.ts';
import { createRoutingService, type RoutingService } from './index.ts';
import { createRerouteWorker, type RerouteWorker, type RerouteWorkerOptions } from './job.ts';

declare module 'fastify' {
  interface FastifyInstance {
    areas: AreaService;
    routingRules: RoutingService;
    rerouteWorker: RerouteWorker;
  }
}

export interface RoutingPluginOptions extends RerouteWorkerOptions {
  /** How often the worker looks for a waiting re-routing job (ms; default 2 s; 0 = never, and a new job waits: tests tick it). */
  checkEveryMs?: number;
}

export const routingPlugin = fp<RoutingPluginOptions>(
  async (app, options) => {
    app.decorate('areas', createAreaService(app.db, app.changes));
    app.decorate('routingRules', createRoutingService(app.db, app.changes));
    const every = options.checkEveryMs ?? 2000;
    app.decorate('rerouteWorker', createRerouteWorker(app.db, app.routingRules, app.linkBase.publicUrl, app.log, { manual: every === 0, ...options }));
    if (every > 0) {
      repeatWhileOpen(app, every, async () => app.rerouteWorker.kick(), 'looking for a waiting re-routing job failed');
      // a batch under way ends (its transaction commits or rolls back) before the database closes
      app.addHook('onClose', async () => app.rerouteWorker.stop());
    }
  },
  { name: 'routing', dependencies: ['database', 'changes'] },
);
