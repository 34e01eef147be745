/**
 * Development triggers for the follow-up flows (never registered in production):
 *   GET  /dev/followup                    a page listing recent reports with a form per flow
 *   POST /dev/followup/reaction-request   {signal_id, question}  → reply request mail
 *   POST /dev/followup/verify-email       {signal_id, email}     → verification mail to the new address
 *   POST /dev/followup/feedback           {signal_id}            → closes the report, survey mail
 *   POST /dev/followup/expire             {uuid}                 → a reply or survey link runs out now
 * The POSTs take JSON (answering JSON) or a form post from the page (answering HTML).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FollowupRouteOptions } from './http.ts';
import { expireLink, startEmailVerification, startFeedbackRequest, startReactionRequest } from './flows.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}form{margin:.25rem 0}
section{border-top:1px solid #999;padding:.5rem 0}pre{white-space:pre-wrap}label{margin-right:.5rem}</style></head>
<body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
}

export default async function devFollowupRoutes(app: FastifyInstance, opts: FollowupRouteOptions): Promise<void> {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
  }

  app.get('/dev/followup', async (_request, reply) => {
    const signals = await opts.signals.listRecent(20);
    const rows = signals.map((s) => {
      const id = esc(s.uuid);
      return `<section aria-labelledby="s-${id}"><h2 id="s-${id}">${esc(s.display)} (status ${esc(s.state)}, e-mail ${esc(s.reporterEmail ?? 'geen')})</h2>
<p>${esc(s.text.slice(0, 200))}</p>
<form method="post" action="/dev/followup/reaction-request"><input type="hidden" name="signal_id" value="${id}">
<label for="q-${id}">Vraag aan de melder</label><input id="q-${id}" name="question" required value="Kunt u een foto sturen van de plek?">
<button>Vraag om reactie</button></form>
<form method="post" action="/dev/followup/verify-email"><input type="hidden" name="signal_id" value="${id}">
<label for="e-${id}">Nieuw e-mailadres</label><input id="e-${id}" name="email" type="email" required value="nieuw@example.com">
<button>Laat e-mailadres bevestigen</button></form>
<form method="post" action="/dev/followup/feedback"><input type="hidden" name="signal_id" value="${id}">
<button>Handel af en vraag om tevredenheid</button></form></section>`;
    });
    const expire = `<section aria-labelledby="expire"><h2 id="expire">Link laten verlopen</h2>
<form method="post" action="/dev/followup/expire"><label for="expire-uuid">UUID uit een reactie- of tevredenheidslink</label>
<input id="expire-uuid" name="uuid" required size="40"><button>Laat verlopen</button></form></section>`;
    const mails = (await opts.mail.list?.(10)) ?? [];
    const linkify = (text: string) => esc(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
    const outbox = `<section aria-labelledby="outbox"><h2 id="outbox">Laatste mails in de outbox</h2>${
      mails.length
        ? mails.map((m) => `<article class="mail"><h3>${esc(m.subject)}</h3><p>Aan: <span class="to">${esc(m.to)}</span></p><pre>${linkify(m.text)}</pre></article>`).join('')
        : '<p>De outbox is leeg.</p>'
    }</section>`;
    const body = (signals.length ? rows.join('\n') : '<p>Er zijn nog geen meldingen. Doe eerst een melding via <a href="/incident/beschrijf">/incident/beschrijf</a>.</p>') + expire + outbox;
    return reply.type('text/html; charset=utf-8').send(page('Vervolgstappen voor een melding (ontwikkeling)', body));
  });

  function answer(request: FastifyRequest, reply: FastifyReply, result: { link?: string; links?: Record<string, string> } & Record<string, unknown>) {
    if (!request.headers['content-type']?.includes('x-www-form-urlencoded')) return reply.code(201).send(result);
    const links = result.links ? Object.values(result.links) : [result.link!];
    const list = links.map((l) => `<li><a href="${esc(l)}">${esc(l)}</a></li>`).join('');
    return reply
      .type('text/html; charset=utf-8')
      .code(201)
      .send(page('Mail verstuurd', `<p>De mail staat in de outbox. Links uit de mail:</p><ul>${list}</ul><p><a href="/dev/followup">Terug</a> (met de laatste mails uit de outbox)</p>`));
  }

  function field(body: unknown, name: string): string {
    const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
    return typeof value === 'string' ? value : '';
  }

  app.post<{ Body: unknown }>('/dev/followup/reaction-request', async (request, reply) =>
    answer(request, reply, { ...(await startReactionRequest(opts.db, opts, field(request.body, 'signal_id'), field(request.body, 'question'))) }),
  );
  app.post<{ Body: unknown }>('/dev/followup/verify-email', async (request, reply) =>
    answer(request, reply, { ...(await startEmailVerification(opts.db, opts, field(request.body, 'signal_id'), field(request.body, 'email'))) }),
  );
  app.post<{ Body: unknown }>('/dev/followup/expire', async (request, reply) => {
    const found = await expireLink(opts.db, opts, field(request.body, 'uuid'));
    if (!found) return reply.code(404).send({ uuid: ['Geen reactie- of tevredenheidslink met deze UUID.'] });
    if (!request.headers['content-type']?.includes('x-www-form-urlencoded')) return reply.code(200).send({ expired: true });
    return reply.type('text/html; charset=utf-8').send(page('Link verlopen', '<p>De link is verlopen.</p><p><a href="/dev/followup">Terug</a></p>'));
  });
  app.post<{ Body: unknown }>('/dev/followup/feedback', async (request, reply) =>
    answer(request, reply, { ...(await startFeedbackRequest(opts.db, opts, field(request.body, 'signal_id'))) }),
  );
}
