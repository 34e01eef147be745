/** Texts of 'Is dit hetzelfde probleem?' on step 2 (docs/duplicates.md); the resident is addressed with 'u'. */
import { messages } from '@meldloket/engine';

export const NEARBY_TEXTS = {
  title: 'Is dit hetzelfde probleem?',
  intro: 'Op deze plek zijn al meldingen van dit soort gedaan. Gaat uw melding over hetzelfde probleem? Dan kunt u die melding volgen in plaats van een nieuwe melding te doen. Gaat het om iets anders? Ga dan verder met Volgende.',
  /** The map beside the list (its numbered markers are buttons named as the list's headings). */
  mapLabel: 'Kaart met uw locatie en de meldingen in de buurt',
  report: (id: string) => `Melding ${id}`,
  reported: (date: string) => `Gemeld op ${date}`,
  status: (state: string) => `Status: ${state}`,
  distance: (meters: number) => (meters < 1 ? 'Op deze plek' : `${meters} meter hiervandaan`),
  follow: 'Ja, houd mij op de hoogte',
  formTitle: (id: string) => `Melding ${id} volgen`,
  emailLabel: 'Wat is uw e-mailadres?',
  /** The field's short name in the error summary. */
  emailShort: 'E-mailadres',
  emailHint: 'Wij sturen u een e-mail met een link. Als u op die link klikt, volgt u de melding en krijgt u een e-mail als de status verandert.',
  emailInvalid: messages.email(messages.emailExample),
  submit: 'Volg deze melding',
  cancel: 'Annuleren',
  sending: 'Bezig met versturen…',
  failed: 'Het volgen is niet gelukt. Probeer het later nog eens, of ga verder met uw eigen melding.',
  confirmTitle: 'Bevestig uw e-mailadres',
  confirmMessage: (id: string, email: string) => `U volgt straks melding ${id}. Wij hebben een e-mail gestuurd naar ${email}. Klik op de link in die e-mail om te bevestigen dat u deze melding wilt volgen. U hoeft dan geen nieuwe melding te doen.`,
  confirmOwnReport: 'Wilt u toch een eigen melding doen? Ga dan verder met Volgende.',
} as const;
