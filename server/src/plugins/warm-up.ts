/**
 * Work the server's first answer does not need (oidc-provider, the classifier's training):
 * done on first use, or a moment after the server listens — whichever comes first — so that
 * a start answers sooner and the first user does not wait for it either.
 */
import type { FastifyInstance } from 'fastify';

export function warmUpAfterListen(app: FastifyInstance, what: string, work: () => unknown, delayMs = 1000): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    timer = setTimeout(() => {
      Promise.resolve()
        .then(work)
        .catch((error: unknown) => app.log.error({ err: error }, `${what} could not be prepared`));
    }, delayMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}
