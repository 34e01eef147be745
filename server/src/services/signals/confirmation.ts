/**
 * The confirmation mail of a new report (the thank-you page promises it: 'Dan ontvangt
 * u een bevestiging per e-mail'): the report number, what the resident wrote and what
 * the municipality will do with it (the category's handling message), in Dutch, as
 * plain text and HTML. Stored in the outbox in the same transaction as the report, so
 * a report is confirmed exactly once, also when its create call is repeated.
 */
import { FALLBACK_HANDLING_MESSAGE, formatLongDateTime } from '@meldloket/engine';
import type { OutgoingMail } from '../../plugins/outbox.ts';
import { signature } from '../../mail/signature.ts';

export interface ConfirmationInput {
  to: string;
  /** 'SIG-123'. */
  display: string;
  /** The description the resident gave. */
  text: string;
  /** The subcategory's name. */
  category: string;
  handlingMessage: string | null;
  /** The address as one line, when there is one. */
  address: string | null;
  createdAt: Date;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);


/** Paragraphs of a text (blank lines between them); single line breaks stay. */
const paragraphs = (text: string) => text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);

export function confirmationMail(input: ConfirmationInput): OutgoingMail {
  const handling = input.handlingMessage?.trim() || FALLBACK_HANDLING_MESSAGE;
  const when = formatLongDateTime(input.createdAt);
  const subject = `Bedankt voor uw melding ${input.display}`;
  const details: Array<[string, string]> = [
    ['Meldingnummer', input.display],
    ['Gemeld op', when],
    ['Onderwerp', input.category],
    ...(input.address ? ([['Locatie', input.address]] as Array<[string, string]>) : []),
  ];
  const text = [
    'Geachte melder,',
    '',
    `Bedankt voor uw melding. Wij hebben deze ontvangen onder nummer ${input.display}.`,
    '',
    'Wat doen we met uw melding?',
    handling,
    '',
    'Uw melding',
    ...details.map(([label, value]) => `${label}: ${value}`),
    'Omschrijving:',
    input.text,
    '',
    'Noem het meldingnummer als u contact met ons opneemt over deze melding.',
    '',
    'Met vriendelijke groet,',
    signature(),
  ].join('\n');
  const html = `<!doctype html>
<html lang="nl">
<head><meta charset="utf-8"><title>${escape(subject)}</title></head>
<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a;">
<p>Geachte melder,</p>
<p>Bedankt voor uw melding. Wij hebben deze ontvangen onder nummer <strong>${escape(input.display)}</strong>.</p>
<h2 style="font-size: 20px;">Wat doen we met uw melding?</h2>
${paragraphs(handling).map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
<h2 style="font-size: 20px;">Uw melding</h2>
<table role="presentation" style="border-collapse: collapse;">
${details.map(([label, value]) => `<tr><th scope="row" style="text-align: left; padding: 4px 16px 4px 0; vertical-align: top;">${escape(label)}</th><td style="padding: 4px 0;">${escape(value)}</td></tr>`).join('\n')}
</table>
<h3 style="font-size: 16px;">Omschrijving</h3>
${paragraphs(input.text).map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
<p>Noem het meldingnummer als u contact met ons opneemt over deze melding.</p>
<p>Met vriendelijke groet,<br>${escape(signature())}</p>
</body>
</html>
`;
  return { to: input.to, subject, text, html };
}
