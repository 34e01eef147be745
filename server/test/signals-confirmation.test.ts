/**
 * The confirmation mail of a new report: what the thank-you page promises
 * ('Dan ontvangt u een bevestiging per e-mail'), in the outbox and by SMTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DATABASE_TARGETS, useTestApp, type TestApp } from './helpers.ts';
import { postReport, validReport } from './support.ts';

describe.each(DATABASE_TARGETS)('confirmation mail of a new report on %s', (target) => {
  const t = useTestApp(target);
  const mailsTo = async (to: string) => (await t().app.outbox.list(500)).filter((m) => m.to === to);

  it('goes to the reporter with the report number, the description and the handling message, in Dutch text and HTML', async () => {
    const handling = (await t().app.categories.main('afval'))!.sub_categories.find((s) => s.slug === 'grofvuil')!.handling_message!;
    expect(handling).toBeTruthy();
    const { status, body } = await postReport(t().app, validReport({ text: 'Een bank en twee kasten\n\nnaast de container', reporter: { email: 'bank@example.com', sharing_allowed: false } }));
    expect(status).toBe(201);
    const mails = await mailsTo('bank@example.com');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(`Bedankt voor uw melding ${body.id_display}`);
    expect(mail.text).toContain(`Wij hebben deze ontvangen onder nummer ${body.id_display}.`);
    expect(mail.text).toContain(`Wat doen we met uw melding?\n${handling}`);
    expect(mail.text).toContain('Een bank en twee kasten\n\nnaast de container');
    expect(mail.text).toContain('Locatie: Dam 1 1012JS Amsterdam');
    expect(mail.html).toContain('<html lang="nl">');
    expect(mail.html).toContain(`<strong>${body.id_display}</strong>`);
    expect(mail.html).toContain('<p>Een bank en twee kasten</p>');
    // signed with the municipality's name (the default configuration's: Amsterdam), never 'Uw gemeente'
    expect(mail.text).toMatch(/Met vriendelijke groet,\nGemeente Amsterdam$/);
    expect(mail.html).toContain('Met vriendelijke groet,<br>Gemeente Amsterdam</p>');
    expect(mail.text + mail.html).not.toContain('Uw gemeente');
  });

  it('escapes what the resident wrote in the HTML part', async () => {
    await postReport(t().app, validReport({ text: 'Kapot <script>alert(1)</script> & weg', reporter: { email: 'html@example.com', sharing_allowed: false } }));
    const [mail] = await mailsTo('html@example.com');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Kapot &lt;script&gt;alert(1)&lt;/script&gt; &amp; weg');
    expect(mail.text).toContain('Kapot <script>alert(1)</script> & weg');
  });

  it('is sent once when the same report is posted again with its Idempotency-Key', async () => {
    const report = validReport({ reporter: { email: 'twice@example.com', sharing_allowed: false } });
    const headers = { 'idempotency-key': 'confirm-once-1' };
    const [a, b] = await Promise.all([postReport(t().app, report, headers), postReport(t().app, report, headers)]);
    expect(a.body.signal_id).toBe(b.body.signal_id);
    expect(await mailsTo('twice@example.com')).toHaveLength(1);
  });

  it('is not written without an e-mail address, nor for a refused report', async () => {
    const before = (await t().app.outbox.list(500)).length;
    expect((await postReport(t().app, validReport({ reporter: { sharing_allowed: false } }))).status).toBe(201);
    expect((await postReport(t().app, validReport({ text: '   ', reporter: { email: 'refused@example.com' } }))).status).toBe(400);
    expect((await t().app.outbox.list(500)).length).toBe(before);
  });
});

describe('confirmation mail with SMTP configured', () => {
  const sent: Array<{ to: string; subject: string; text: string; html?: string }> = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { mailTransport: { sendMail: async (m: (typeof sent)[number]) => void sent.push(m) } as never });
  });
  afterAll(async () => t?.close());

  it('is handed to the mail server as plain text with an HTML alternative, and marked sent', async () => {
    const { body } = await postReport(t.app, validReport({ reporter: { email: 'smtp@example.com', sharing_allowed: false } }));
    await t.app.outbox.idle();
    expect(sent).toEqual([expect.objectContaining({ to: 'smtp@example.com', subject: `Bedankt voor uw melding ${body.id_display}` })]);
    expect(sent[0].text).toContain(body.id_display);
    expect(sent[0].html).toContain(body.id_display);
    const [stored] = await t.app.outbox.list(1);
    expect(stored.sent_at).toBeInstanceOf(Date);
  });
});
