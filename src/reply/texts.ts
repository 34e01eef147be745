/** Every Dutch text of the reply page (spec §2 'Follow-up reply page' and §8 'Follow-up page'). */
import { messages } from '@meldloket/engine';

export const REPLY_TEXTS = {
  title: 'Aanvullende informatie',
  yourReport: 'Uw melding',
  number: 'Nummer:',
  reportedOn: 'Gemeld op:',
  location: 'Locatie',
  submit: 'Verstuur',
  sending: 'Bezig met versturen…',
  loading: 'Bezig met laden…',
  required: messages.requiredText,
  lightbox: {
    close: 'Sluiten',
    previous: 'Vorige foto',
    next: 'Volgende foto',
    open: (name: string) => `Foto ${name} vergroten`,
    label: 'Foto bekijken',
  },
  expired: {
    title: 'U kunt niet meer reageren op onze vragen',
    message: 'Deze link is vervallen, de melding is inmiddels afgehandeld',
  },
  alreadyAnswered: {
    title: 'U hebt onze vragen al eerder beantwoord',
    message: 'Wij bedanken u nogmaals voor de extra informatie die u ons hebt gegeven.',
  },
  error: {
    title: 'Het versturen van het actieformulier is mislukt',
    message: 'Probeer het nog eens of neem contact op met de gemeente',
  },
  success: {
    title: 'Bedankt',
    message: 'Bedankt voor het invullen van het actieformulier. Uw informatie helpt ons bij het verwerken van de melding.',
  },
} as const;
