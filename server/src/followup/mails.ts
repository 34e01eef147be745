/** The e-mails of the follow-up flows (Dutch, plain text). */
import type { FollowupSignal, OutgoingMail } from './ports.ts';
import { signature } from '../mail/signature.ts';

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
      signature(),
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
      signature(),
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
      signature(),
    ].join('\n'),
  };
}

/**
 * The closing mail (docs/reference/statuses.md#states-and-transitions: 'Afgehandeld' mails on entering): the handler's text, when
 * there is one, and the three links of the satisfaction survey.
 */
export function feedbackRequestMail(signal: FollowupSignal, to: string, links: Record<'satisfied' | 'not_satisfied' | 'not_received', string>, text?: string | null): OutgoingMail {
  return {
    to,
    subject: `Uw melding ${signal.display} is afgehandeld`,
    text: [
      'Geachte melder,',
      '',
      `Wij hebben uw melding ${signal.display} afgehandeld.`,
      ...(text ? ['', text] : []),
      '',
      'Wilt u ons laten weten wat u van de afhandeling vindt? Dat kan tot 14 dagen na deze e-mail.',
      '',
      `Ja, ik ben tevreden: ${links.satisfied}`,
      `Nee, ik ben niet tevreden: ${links.not_satisfied}`,
      `Ik heb niets gemerkt van de afhandeling: ${links.not_received}`,
      '',
      'Met vriendelijke groet,',
      signature(),
    ].join('\n'),
  };
}

/** The mail on entering 'Heropend' (docs/reference/statuses.md#states-and-transitions). */
export function reopenedMail(signal: FollowupSignal, to: string, text: string): OutgoingMail {
  return {
    to,
    subject: `Uw melding ${signal.display} is heropend`,
    text: ['Geachte melder,', '', `Wij hebben uw melding ${signal.display} opnieuw in behandeling genomen.`, '', text, '', 'Met vriendelijke groet,', signature()].join('\n'),
  };
}

/** A status change the handler chose to tell the reporter about (send_email on a status that does not mail by itself). */
export function statusChangedMail(signal: FollowupSignal, to: string, stateName: string, text: string | null): OutgoingMail {
  return {
    to,
    subject: `Nieuws over uw melding ${signal.display}`,
    text: [
      'Geachte melder,',
      '',
      `De status van uw melding ${signal.display} is gewijzigd naar: ${stateName}.`,
      ...(text ? ['', text] : []),
      '',
      'Met vriendelijke groet,',
      signature(),
    ].join('\n'),
  };
}

/**
 * The mail to an external party on 'Doorgezet naar extern' (docs/reference/statuses.md#states-and-transitions), until a page for
 * the party's answer fills in its link (the workflow's forward-to-external hook).
 */
export function externalForwardMail(signal: FollowupSignal, to: string, text: string, link: string | null): OutgoingMail {
  const where = signal.location?.addressText;
  return {
    to,
    subject: `Verzoek tot afhandeling van melding ${signal.display}`,
    text: [
      'Geachte heer, mevrouw,',
      '',
      `De gemeente vraagt u melding ${signal.display} af te handelen.`,
      '',
      text,
      '',
      `Omschrijving van de melder: ${signal.text}`,
      ...(where ? [`Locatie: ${where}`] : []),
      ...(link ? ['', `Laat ons via deze link weten wat u hebt gedaan: ${link}`] : []),
      '',
      'Met vriendelijke groet,',
      signature(),
    ].join('\n'),
  };
}

/**
 * To a staff member who asked to be told (profile: notification_on_user_assignment or
 * notification_on_department_assignment): a report was assigned to them or their department.
 */
export function assignmentMail(to: string, display: string, link: string, toWhom: 'u' | 'uw afdeling'): OutgoingMail {
  return {
    to,
    subject: `Melding ${display} is aan ${toWhom} toegewezen`,
    text: [`Melding ${display} is aan ${toWhom} toegewezen.`, '', `Bekijk de melding: ${link}`].join('\n'),
  };
}

/** The last lines of every mail to a follower (docs/duplicates.md): stop following with one click, no sign-in. */
function unfollowLines(unfollowLink: string | null): string[] {
  return unfollowLink ? ['', `Wilt u geen berichten meer over deze melding? Stop met volgen via deze link: ${unfollowLink}`] : [];
}

/** A mail to a resident: the greeting, the lines, and the municipality's signature. */
function residentMail(to: string, subject: string, greeting: string, lines: string[]): OutgoingMail {
  return { to, subject, text: [`${greeting},`, '', ...lines, '', 'Met vriendelijke groet,', signature()].join('\n') };
}

/** To a resident who chose 'Ja, houd mij op de hoogte': confirm the address (valid for 24 hours). */
export function followVerifyMail(display: string, to: string, link: string): OutgoingMail {
  return residentMail(to, `Bevestig dat u melding ${display} wilt volgen`, 'Beste bewoner', [
    `U wilt op de hoogte blijven van melding ${display}. Bevestig binnen 24 uur dat dit uw e-mailadres is via deze link:`,
    link,
    '',
    'Hebt u dit niet zelf aangevraagd? Dan hoeft u niets te doen.',
  ]);
}

/** After the follower confirmed: which report they follow and where it stands. */
export function followConfirmedMail(display: string, to: string, stateName: string, stateText: string | null, unfollowLink: string): OutgoingMail {
  return residentMail(to, `U volgt melding ${display}`, 'Beste bewoner', [
    `U volgt nu melding ${display}. Wij sturen u een bericht als de status verandert.`,
    '',
    `De status is nu: ${stateName}.`,
    ...(stateText ? ['', stateText] : []),
    ...unfollowLines(unfollowLink),
  ]);
}

/** A status mail of a report to one of its followers (the reporter gets the status table's own mail). */
export function followerStatusMail(display: string, to: string, stateName: string, text: string | null, unfollowLink: string): OutgoingMail {
  return residentMail(to, `Nieuws over melding ${display}`, 'Beste bewoner', [
    `De status van melding ${display}, die u volgt, is gewijzigd naar: ${stateName}.`,
    ...(text ? ['', text] : []),
    ...unfollowLines(unfollowLink),
  ]);
}

/** To the reporter (and followers) of a duplicate: it was merged, they now hear of the main report. */
export function mergedMail(duplicate: string, main: string, to: string, unfollowLink: string | null): OutgoingMail {
  return residentMail(to, `Uw melding ${duplicate} is samengevoegd met ${main}`, 'Beste melder', [
    `Hetzelfde probleem is vaker gemeld. Uw melding ${duplicate} is samengevoegd met melding ${main}.`,
    `Wij sturen u voortaan de berichten over melding ${main}.`,
    ...unfollowLines(unfollowLink),
  ]);
}
