/** The mail with the link to 'Mijn meldingen' (Dutch, plain text). */
import type { OutgoingMail } from '../plugins/outbox.ts';
import { TOKEN_SECONDS } from './rules.ts';
import { signature } from '../mail/signature.ts';

export function myReportsLinkMail(to: string, link: string): OutgoingMail {
  const hours = TOKEN_SECONDS / 3600;
  return {
    to,
    subject: 'Uw link naar Mijn meldingen',
    text: [
      'Geachte melder,',
      '',
      'U hebt gevraagd om uw meldingen te bekijken. Met deze link ziet u de meldingen die u met dit e-mailadres hebt gedaan:',
      link,
      '',
      `De link werkt ${hours} uur en alleen voor dit e-mailadres. Daarna kunt u een nieuwe link aanvragen.`,
      'Hebt u dit niet zelf aangevraagd? Dan hoeft u niets te doen.',
      '',
      'Met vriendelijke groet,',
      signature(),
    ].join('\n'),
  };
}
