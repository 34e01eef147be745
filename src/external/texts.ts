/** Every Dutch text of the external party's page (/incident/extern/{token}, docs/my-incidents.md). */
import { LOADING_TEXT } from '../layout/texts.ts';
export const EXTERNAL_TEXTS = {
  title: 'Verzoek tot afhandeling',
  intro: 'De gemeente vraagt u deze melding af te handelen. Laat hieronder weten wat u hebt gedaan.',
  request: 'Verzoek van de gemeente',
  report: 'De melding',
  description: 'Omschrijving',
  photos: "Foto's van de melding",
  enlargePhoto: (n: number) => `Foto ${n} van de melding vergroten`,
  answerHeading: 'Uw reactie',
  answerLabel: 'Wat hebt u gedaan?',
  answerShort: 'Uw reactie',
  photosLabel: "Foto's",
  photosShort: "Foto's",
  validUntil: (date: string) => `U kunt reageren tot ${date}.`,
  loading: LOADING_TEXT,
  success: {
    title: 'Bedankt voor uw reactie',
    message: 'De gemeente heeft uw reactie ontvangen en bekijkt of de melding kan worden afgehandeld.',
  },
  used: {
    title: 'U hebt al gereageerd',
    message: 'Op deze link is al gereageerd. Wilt u nog iets doorgeven? Neem dan contact op met de gemeente.',
  },
  expired: {
    title: 'Deze link is verlopen',
    message: 'U kunt via deze link niet meer reageren. Neem contact op met de gemeente als u nog iets wilt doorgeven.',
  },
  closed: {
    title: 'Deze melding wacht niet meer op uw reactie',
    message: 'De gemeente heeft de melding inmiddels zelf verder opgepakt. U hoeft niets meer te doen.',
  },
  notFound: {
    title: 'Deze link kennen wij niet',
    message: 'Controleer of u de hele link uit de e-mail hebt geopend. Werkt de link niet, neem dan contact op met de gemeente.',
  },
  loadFailed: {
    title: 'De melding kon niet worden geladen',
    message: 'Probeer het later nog eens of neem contact op met de gemeente.',
  },
  error: {
    title: 'Het versturen van uw reactie is mislukt',
    message: 'Probeer het nog eens of neem contact op met de gemeente.',
  },
} as const;
