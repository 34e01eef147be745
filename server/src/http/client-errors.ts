/**
 * Errors Node's HTTP parser finds before any route runs (bad chunked encoding, a
 * Content-Length that does not match, headers too large, a request that took too
 * long) answered in the contract's `{"detail": …}` shape, then the connection closed.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

const MESSAGES: Record<number, string> = {
  400: 'Ongeldige aanvraag.',
  408: 'De aanvraag duurde te lang en is afgebroken.',
  413: 'De aanvraag is te groot.',
  431: 'De headers van de aanvraag zijn te groot.',
};

function statusOf(code: string | undefined): number {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  return 400;
}

/** Writes a bare `{"detail": …}` answer with this status on the socket (its connection is closed after). */
export function writeRawError(socket: Socket, status: keyof typeof MESSAGES): void {
  if (!socket.writable) return;
  const body = JSON.stringify({ detail: MESSAGES[status] });
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  writeRawError(socket, statusOf(error.code));
  socket.destroy(error);
}
