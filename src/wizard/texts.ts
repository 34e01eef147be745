/** The wizard's own Dutch texts (question texts live in the question sets, question-sets/wizard/ for steps 1 and 3). */
import { messages, type Step } from '@meldloket/engine';

export const STEP_TITLES: Record<Step, string> = {
  beschrijf: 'Beschrijf uw melding',
  vulaan: 'Locatie en vragen',
  contact: 'Contactgegevens',
  summary: 'Versturen',
  opslaan: 'Uw melding wordt verstuurd',
  bedankt: 'Bedankt!',
  fout: 'Er is iets misgegaan',
};

/** A step's title for a step name from the address (undefined for a name that is no step). */
export const stepTitle = (step: string | undefined): string | undefined => (step !== undefined && Object.hasOwn(STEP_TITLES, step) ? STEP_TITLES[step as Step] : undefined);

export const TEXTS = {
  next: 'Volgende',
  previous: 'Vorige',
  send: 'Verstuur',
  errorTitlePrefix: 'Fout: ',
  loadingQuestions: 'De vragen worden geladen…',
  /** On the first page rendered ahead (src/ahead/entry-server.tsx) when the app's scripts do not load, or do not run at all. */
  appNotLoaded: 'Het formulier is niet helemaal geladen en werkt nog niet. Laad de pagina opnieuw.',
  needsScript: 'Dit formulier werkt alleen met JavaScript. Zet JavaScript aan in uw browser om een melding te doen.',
  summarySubHeader: 'Controleer uw gegevens en verstuur uw melding.',
  summarySections: ['1. Beschrijf uw melding', '2. Locatie en vragen', '3. Contactgegevens'] as const,
  /** The one word of every edit link on the summary (spec: 'Wijzigen'). */
  edit: 'Wijzigen',
  /** The offer of a report begun earlier on this device (kept a day): the question, its explanation, the two choices. */
  draftOfferTitle: (time: string) => `Verder met uw melding van ${time}?`,
  draftOfferMessage: 'U bent op dit apparaat al een melding begonnen die nog niet is verstuurd. Gaat u daarmee verder, of begint u opnieuw?',
  draftOfferResume: 'Verder met mijn melding',
  draftOfferStartAnew: 'Opnieuw beginnen',
  location: 'Locatie',
  notGiven: 'Niet ingevuld',
  yes: 'Ja',
  no: 'Nee',
  thanksNumberLabel: 'Uw melding is bij ons bekend onder nummer:',
  thanksMail: 'Heeft u een e-mailadres opgegeven? Dan ontvangt u een bevestiging per e-mail.',
  whatNext: 'Wat doen we met uw melding?',
  newReport: 'Doe nog een melding',
  appAnother: 'Wilt u nog een andere melding doen?',
  closeWindow: 'Sluit venster',
  staffLink: (number: string) => `Bekijk melding ${number}`,
  sending: 'Uw melding wordt verstuurd. Sluit dit venster niet.',
  photoProgress: (name: string) => `Foto ${name}`,
  uploadFailed: messages.uploadFailed,
  uploadFailedNext: (number: string, phone: string, hours: string) =>
    `Uw melding is wel ontvangen, zonder deze foto. Is de foto belangrijk voor uw melding? Bel dan ${phone} (${hours}) en noem uw meldingnummer ${number}; wij vertellen u hoe u de foto alsnog stuurt.`,
  errorIntro: 'Onze website heeft op dit moment een storing. Daardoor kunnen we uw melding nu niet verwerken.',
  errorTryLater: 'Probeer het later nog eens. Wat u heeft ingevuld is bewaard, dus u hoeft niets opnieuw te typen.',
  errorUrgent: (phone: string, hours: string) => `Is het dringend? Bel dan ${phone}, ${hours}.`,
  errorHelp: 'Bij gevaar of een noodsituatie belt u altijd 112.',
  submitFailed: 'Uw melding is niet verstuurd',
  /** The failure page for a staff member's report (a phone-desk employee, maybe with a caller on the line): what happened and what to do. */
  staffSubmitFailed: 'De melding is niet verstuurd',
  staffErrorIntro: 'De melding kon niet worden opgeslagen. Wat je hebt ingevuld is bewaard: controleer de gegevens en probeer het opnieuw.',
  staffErrorCaller: 'Lukt het niet? Noteer de melding en de contactgegevens van de melder en voer de melding later in; de melder hoeft niet terug te bellen.',
  retry: 'Probeer opnieuw',
  backToSummary: 'Terug naar controleren',
  errorSummaryTitle: 'Er ging iets mis bij het invullen',
} as const;
