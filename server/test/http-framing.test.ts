/**
 * docs/security.md: what Node's HTTP parser refuses (bad chunked encoding, a bad
 * Content-Length, headers too large) is answered in the contract's `{"detail": …}`
 * shape, and a client that sends half a body loses its connection after the
 * request timeout instead of holding it for minutes. A real listening server.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp('pglite', { config: { requestTimeoutMs: 1500, headersTimeoutMs: 1500 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** Sends raw bytes (optionally more later) and resolves with everything received once the server closes. */
function raw(chunks: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('connect', () => socket.write(chunks.join('')));
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

function parse(response: string) {
  const [head, body] = response.split('\r\n\r\n');
  return { status: Number(head!.split(' ')[1]), head: head!, body: JSON.parse(body!) as unknown };
}

const post = 'POST /signals/v1/public/signals/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n';

describe('framing errors in the contract shape', () => {
  it('answers bad chunked encoding with 400 {"detail"}', async () => {
    const res = parse(await raw([`${post}Transfer-Encoding: chunked\r\n\r\nzz\r\nnonsense\r\n`]));
    expect(res.status).toBe(400);
    expect(res.head).toMatch(/content-type: application\/json/i);
    expect(res.body).toEqual({ detail: 'Ongeldige aanvraag.' });
  });

  it('answers a malformed Content-Length, and Content-Length next to chunked, with 400 {"detail"}', async () => {
    expect(parse(await raw([`${post}Content-Length: tien\r\n\r\n{}`]))).toMatchObject({ status: 400, body: { detail: 'Ongeldige aanvraag.' } });
    expect(parse(await raw([`${post}Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}`]))).toMatchObject({ status: 400, body: { detail: 'Ongeldige aanvraag.' } });
  });

  it('answers headers that are too large with 431 {"detail"}', async () => {
    const res = parse(await raw([`GET /signals/ HTTP/1.1\r\nHost: localhost\r\nX-Groot: ${'a'.repeat(20_000)}\r\n\r\n`]));
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ detail: 'De headers van de aanvraag zijn te groot.' });
  });
});

describe('a client that sends half a body', () => {
  it('gets 408 {"detail"} and its connection closed after the request timeout', { timeout: 15_000 }, async () => {
    const res = parse(await raw([`${post}Content-Length: 1000\r\n\r\n{"text": "half`]));
    expect(res.status).toBe(408);
    expect(res.body).toEqual({ detail: 'De aanvraag duurde te lang en is afgebroken.' });
  });

  it('does not disturb an ordinary request on the same server', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/signals/v1/public/terms/categories/afval`);
    expect(res.status).toBe(200);
  });
});
