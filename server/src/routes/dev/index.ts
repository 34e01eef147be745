/**
 * Development pages (DEV_PAGES, on outside production): GET /dev/outbox lists the
 * mails the server "sent", newest first, with their links clickable, so the e-mail
 * flows (verify e-mail, reply form, survey) can be followed on one machine.
 * GET /dev/outbox.json gives the same as JSON for tests and scripts.
 */
import { amsterdamIso } from '../../followup/index.ts';
import type { RoutePlugin } from '../../http/typed.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escaped text with http(s) URLs turned into links. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escape(part)}">${escape(part)}</a>` : escape(part)))
    .join('');
}

/** Every mail as stored; more keys than listed pass as they are. */
const outboxJsonSchema = {
  response: {
    200: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: true,
        properties: { to: { type: 'string' }, subject: { type: 'string' }, text: { type: 'string' }, created_at: { type: ['string', 'null'] }, sent_at: { type: ['string', 'null'] } },
      },
    },
  },
} as const;
/** The page itself (HTML). */
const outboxPageSchema = { response: { 200: { type: 'string', contentMediaType: 'text/html' } } } as const;

export const devRoutes: RoutePlugin = async (app) => {
  app.get('/dev/outbox.json', { schema: outboxJsonSchema }, async () => {
    const mails = await app.outbox.list(200);
    return mails.map((m) => ({ ...m, created_at: amsterdamIso(m.created_at), sent_at: amsterdamIso(m.sent_at) }));
  });

  app.get('/dev/outbox', { schema: outboxPageSchema }, async (_request, reply) => {
    const mails = await app.outbox.list(200);
    const items = mails
      .map(
        (m) => `<article>
  <h2>${escape(m.subject)}</h2>
  <p class="meta">Aan: ${escape(m.to)} · ${escape(amsterdamIso(m.created_at) ?? '')} · ${m.sent_at ? 'verzonden via SMTP' : m.error ? `nog niet verzonden na ${m.attempts} ${m.attempts === 1 ? 'poging' : 'pogingen'} (${escape(m.error)}); volgende poging ${escape(amsterdamIso(m.next_attempt_at) ?? 'zo snel mogelijk')}` : 'alleen in de outbox'}</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="nl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox – Meldloket (ontwikkeling)</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
article { border-top: 1px solid #767676; padding: 1rem 0; }
h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
.meta { color: #4b4b4b; margin: 0 0 .5rem; }
pre { white-space: pre-wrap; font: inherit; }
a { color: #004699; }
</style>
</head>
<body>
<main>
<h1>Outbox</h1>
<p>Alle e-mail die de server heeft verstuurd, de nieuwste eerst (${mails.length}).</p>
${items || '<p>Er is nog geen e-mail verstuurd.</p>'}
</main>
</body>
</html>`;
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  });
};

export default devRoutes;
