import { describe, expect, it } from 'vitest';
import { useFollowupStand } from './followup-support.ts';

const stand = useFollowupStand();

async function requestVerification(email = 'nieuw@example.com') {
  const signal = stand().signals.add();
  const res = await stand().app.inject({ method: 'POST', url: '/dev/followup/verify-email', payload: { signal_id: signal.uuid, email } });
  expect(res.statusCode).toBe(201);
  const link = stand().mail.linkTo(email, /http:\/\/meldloket\.test\/verify_email\/[0-9a-f]+/);
  return { signal, token: link.split('/').pop()! };
}

const verify = (body: unknown, headers: Record<string, string> = {}) =>
  stand().app.inject({ method: 'POST', url: '/signals/v1/public/reporter/verify-email', payload: body as object, headers });

describe('e-mail verification', () => {
  it('mails the new address a link, and verifying changes the report e-mail and sends a confirmation', async () => {
    const { signal, token } = await requestVerification('nieuw@example.com');
    expect(signal.reporterEmail).toBe('melder@example.com');
    const res = await verify({ token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token });
    expect(signal.reporterEmail).toBe('nieuw@example.com');
    expect(stand().mail.sent.at(-1)).toMatchObject({ to: 'nieuw@example.com', subject: `Uw e-mailadres voor melding ${signal.display} is gewijzigd` });
  });

  it('refuses a used token with Token already verified!', async () => {
    const { token } = await requestVerification();
    await verify({ token });
    const again = await verify({ token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: ['Token already verified!'] });
  });

  it('refuses an unknown token, an expired token and a token without expiry', async () => {
    expect((await verify({ token: 'onbekend' })).json()).toEqual({ token: ['Token not found!'] });

    const { token } = await requestVerification();
    const real = stand().clock.now;
    stand().clock.now = new Date(real.getTime() + 25 * 3600 * 1000);
    try {
      const expired = await verify({ token });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ token: ['Token expired!'] });
    } finally {
      stand().clock.now = real;
    }

    const other = await requestVerification('ander@example.com');
    await stand().db.updateTable('reporter_email_verification').set({ expires_at: null }).where('token', '=', other.token).execute();
    expect((await verify({ token: other.token })).json()).toEqual({ token: ['Invalid token!'] });
  });

  it('answers 400 for a missing or empty token and 415 for a form post', async () => {
    expect((await verify({})).json()).toEqual({ token: ['Dit veld is vereist.'] });
    expect((await verify({ token: '' })).json()).toEqual({ token: ['Dit veld mag niet leeg zijn.'] });
    const form = await stand().app.inject({ method: 'POST', url: '/signals/v1/public/reporter/verify-email', payload: 'token=abc', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
  });

  it('refuses to start a verification for an invalid address', async () => {
    const signal = stand().signals.add();
    const res = await stand().app.inject({ method: 'POST', url: '/dev/followup/verify-email', payload: { signal_id: signal.uuid, email: 'geen-adres' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['Voer een geldig e-mailadres in.'] });
  });
});
