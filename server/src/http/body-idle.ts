/**
 * A request body that stops arriving half-way is cut off after `idleMs` without a byte
 * (BODY_IDLE_TIMEOUT_MS), not after the whole request timeout: 408 `{"detail": …}` and the
 * connection closed. The timer is the socket's idle timeout, set while a body is expected and
 * reset to the server's once the body has arrived, so a slow handler or a long download (the
 * CSV export) is not cut off by it.
 */
import type { FastifyInstance } from 'fastify';
import { writeRawError } from './client-errors.ts';

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');

export function bodyIdleTimeout(app: FastifyInstance, idleMs: number): void {
  if (!(idleMs > 0)) return;
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    const socket = raw.socket;
    // app.inject's requests have no socket to time out
    if (!socket || typeof raw.setTimeout !== 'function' || typeof socket.setTimeout !== 'function' || raw.complete || !hasBody(raw.headers)) return;
    const serverTimeout = app.server.timeout || 0;
    const onTimeout = () => {
      if (raw.complete) return;
      if (!reply.raw.headersSent) writeRawError(socket, 408);
      socket.destroy();
    };
    raw.setTimeout(idleMs, onTimeout);
    raw.once('end', () => {
      raw.off('timeout', onTimeout);
      if (!socket.destroyed) socket.setTimeout(serverTimeout);
    });
  });
}
