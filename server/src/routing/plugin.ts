/** `app.areas` (the area index) and `app.routingRules` (the rules), per-process caches kept right by change notices. */
import fp from 'fastify-plugin';
import { createAreaService, type AreaService } from '../areas/index.ts';
import { createRoutingService, type RoutingService } from './index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    areas: AreaService;
    routingRules: RoutingService;
  }
}

export const routingPlugin = fp(
  async (app) => {
    app.decorate('areas', createAreaService(app.db, app.changes));
    app.decorate('routingRules', createRoutingService(app.db, app.changes));
  },
  { name: 'routing', dependencies: ['database', 'changes'] },
);
