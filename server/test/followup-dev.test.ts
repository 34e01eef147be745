import { describe, expect, it } from 'vitest';
import { useFollowupStand } from './followup-support.ts';
import { buildTestApp } from './helpers.ts';

const stand = useFollowupStand();

describe('development triggers', () => {
  it('lists recent reports with a form per flow', async () => {
    const signal = stand().signals.add();
    const res = await stand().app.inject({ method: 'GET', url: '/dev/followup' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(signal.display);
    for (const button of ['Vraag om reactie', 'Laat e-mailadres bevestigen', 'Handel af en vraag om tevredenheid', 'Laat verlopen']) expect(res.body).toContain(button);
  });

  it('answers a form post with a page that links to what the mail links to', async () => {
    const signal = stand().signals.add();
    const res = await stand().app.inject({
      method: 'POST',
      url: '/dev/followup/reaction-request',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ signal_id: signal.uuid, question: 'Is de lamp nog kapot?' }).toString(),
    });
    expect(res.statusCode).toBe(201);
    const link = stand().mail.linkTo('melder@example.com', /http:\/\/meldloket\.test\/incident\/reactie\/[0-9a-f-]{36}/);
    expect(res.body).toContain(`<a href="${link}">`);
    // and the trigger page shows the mail in the outbox, its link clickable
    const page = await stand().app.inject({ method: 'GET', url: '/dev/followup' });
    expect(page.body).toContain('Laatste mails in de outbox');
    expect(page.body).toContain(`Wij hebben een vraag over uw melding ${signal.display}`);
    expect(page.body).toContain(`<a href="${link}">${link}</a>`);
  });

  it('lets a reply link and a survey link run out, after which they answer 410', async () => {
    const signal = stand().signals.add();
    await stand().app.inject({ method: 'POST', url: '/dev/followup/reaction-request', payload: { signal_id: signal.uuid, question: 'Vraag?' } });
    const session = stand().mail.linkTo('melder@example.com', /[0-9a-f-]{36}$/m);
    const expired = await stand().app.inject({ method: 'POST', url: '/dev/followup/expire', payload: { uuid: session } });
    expect(expired.statusCode).toBe(200);
    expect((await stand().app.inject({ method: 'GET', url: `/signals/v1/public/qa/sessions/${session}` })).json()).toEqual({ detail: 'Expired!' });

    const other = stand().signals.add();
    await stand().app.inject({ method: 'POST', url: '/dev/followup/feedback', payload: { signal_id: other.uuid } });
    const survey = stand().mail.linkTo('melder@example.com', /(?<=\/kto\/satisfied\/)[0-9a-f-]{36}/);
    await stand().app.inject({ method: 'POST', url: '/dev/followup/expire', payload: { uuid: survey } });
    expect((await stand().app.inject({ method: 'GET', url: `/signals/v1/public/feedback/forms/${survey}` })).json()).toEqual({ detail: 'expired' });

    const unknown = await stand().app.inject({ method: 'POST', url: '/dev/followup/expire', payload: { uuid: '0f5d6a52-8a8c-4b7e-9f55-1d1c3b7a9e01' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('do not exist in production, while the follow-up API does', async () => {
    const t = await buildTestApp('pglite', { config: { devPages: false } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/dev/followup' })).statusCode).toBe(404);
      for (const flow of ['reaction-request', 'verify-email', 'feedback', 'expire']) {
        expect((await t.app.inject({ method: 'POST', url: `/dev/followup/${flow}`, payload: {} })).statusCode).toBe(404);
      }
      expect((await t.app.inject({ method: 'GET', url: '/signals/v1/public/feedback/standard_answers/' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
