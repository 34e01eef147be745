/** Every Dutch text of the reply page (docs/reference/screens.md#routes 'Follow-up reply page' and docs/reference/texts.md#errors 'Follow-up page'). */
import { messages } from '@meldloket/engine';
import { LOADING_TEXT } from '../layout/texts.ts';

/** The facts of a report on the reply page and the external party's page (`ReportFacts.tsx`). */
export const REPORT_FACT_TEXTS = {
  number: 'Nummer:',
  reportedOn: 'Gemeld op:',
  category: 'Categorie:',
  location: 'Locatie',
} as const;

export const REPLY_TEXTS = {
  ...REPORT_FACT_TEXTS,
  title: 'Aanvullende informatie',
  yourReport: 'Uw melding',
  submit: 'Verstuur',
  sending: 'Bezig met versturen…',
  loading: LOADING_TEXT,
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
  superseded: {
    title: 'Deze vraag is vervangen door een nieuwere',
    message: 'Wij hebben u later een nieuwe vraag over deze melding gestuurd. Gebruik de link in de nieuwste e-mail om te reageren.',
  },
  loadFailed: {
    title: 'Het actieformulier kon niet worden geladen',
    message: 'Er is niets verstuurd. Probeer het later nog eens of neem contact op met de gemeente.',
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
