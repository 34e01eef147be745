/**
 * A job the server runs by itself: once when the app is ready, then every `everyMs` until the app
 * closes (0 = never: a test runs the job itself). The timer keeps no process alive; a run that fails
 * is logged as a warning with `failure`, and the next run comes as planned.
 */
import type { FastifyInstance } from 'fastify';

export function repeatWhileOpen(app: FastifyInstance, everyMs: number, job: () => Promise<unknown>, failure: string): void {
  if (everyMs <= 0) return;
  const run = () => {
    job().catch((error: unknown) => app.log.warn({ err: error }, failure));
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
