/** The e-mails of the follow-up flows (Dutch, plain text). */
import type { FollowupSignal, OutgoingMail } from './ports.ts';

export function reactionRequestMail(signal: FollowupSignal, to: string, question: string, link: string): OutgoingMail {
  return {
    to,
    subject: `Wij hebben een vraag over uw melding ${signal.display}`,
    text: [
      'Geachte melder,',
      '',
      `Om uw melding ${signal.display} goed te kunnen afhandelen hebben wij meer informatie van u nodig:`,
      '',
      question,
      '',
      'Geef uw antwoord via deze link (binnen 5 dagen):',
      link,
      '',
      'Met vriendelijke groet,',
      'Uw gemeente',
    ].join('\n'),
  };
}

export function verifyEmailMail(signal: FollowupSignal, to: string, link: string): OutgoingMail {
  return {
    to,
    subject: `Bevestig uw e-mailadres voor melding ${signal.display}`,
    text: [
      'Geachte melder,',
      '',
      `Voor uw melding ${signal.display} is dit e-mailadres opgegeven. Bevestig binnen 24 uur dat dit uw e-mailadres is via deze link:`,
      link,
      '',
      'Hebt u dit niet zelf aangevraagd? Dan hoeft u niets te doen.',
      '',
      'Met vriendelijke groet,',
      'Uw gemeente',
    ].join('\n'),
  };
}

export function emailChangedMail(signal: FollowupSignal, to: string): OutgoingMail {
  return {
    to,
    subject: `Uw e-mailadres voor melding ${signal.display} is gewijzigd`,
    text: [
      'Geachte melder,',
      '',
      `U hebt uw e-mailadres bevestigd. Berichten over melding ${signal.display} sturen wij voortaan naar dit adres.`,
      '',
      'Met vriendelijke groet,',
      'Uw gemeente',
    ].join('\n'),
  };
}

export function feedbackRequestMail(signal: FollowupSignal, to: string, links: Record<'satisfied' | 'not_satisfied' | 'not_received', string>): OutgoingMail {
  return {
    to,
    subject: `Uw melding ${signal.display} is afgehandeld`,
    text: [
      'Geachte melder,',
      '',
      `Wij hebben uw melding ${signal.display} afgehandeld. Wilt u ons laten weten wat u daarvan vindt? Dat kan tot 14 dagen na deze e-mail.`,
      '',
      `Ja, ik ben tevreden: ${links.satisfied}`,
      `Nee, ik ben niet tevreden: ${links.not_satisfied}`,
      `Ik heb niets gemerkt van de afhandeling: ${links.not_received}`,
      '',
      'Met vriendelijke groet,',
      'Uw gemeente',
    ].join('\n'),
  };
}
