/** Texts of the satisfaction survey /kto/{satisfactionIndication}/{uuid}. The spec leaves them open: these are ours. */
import { LOADING_TEXT } from '../layout/texts.ts';
export type Satisfaction = 'satisfied' | 'not_satisfied' | 'not_received';

export const KTO_TEXTS = {
  title: 'Uw mening over de afhandeling',
  loading: LOADING_TEXT,
  intro: {
    satisfied: (number: string) => `U hebt laten weten dat u tevreden bent over de afhandeling van uw melding ${number}. Wilt u ons vertellen wat er goed ging?`,
    not_satisfied: (number: string) => `U hebt laten weten dat u niet tevreden bent over de afhandeling van uw melding ${number}. Wilt u ons vertellen wat er beter kan?`,
    not_received: (number: string) => `U hebt laten weten dat u niets hebt gemerkt van de afhandeling van uw melding ${number}. Wilt u ons vertellen wat er is gebeurd?`,
  },
  choices: {
    satisfied: 'Wat ging er goed?',
    not_satisfied: 'Wat ging er niet goed?',
    not_received: 'Wat is er aan de hand?',
  },
  choicesHint: 'U kunt meer dan één antwoord kiezen. Past geen antwoord? Vertel het ons dan hieronder in uw eigen woorden.',
  extra: 'Wilt u nog iets anders kwijt?',
  /** Under the free text: when it is needed (the label says '(niet verplicht)' only once a box is ticked). */
  extraHint: 'Kiest u hierboven geen antwoord? Vul dan hier een toelichting in.',
  contactLegend: 'Contact',
  contact: 'Ja, u mag contact met mij opnemen over mijn reactie',
  atLeastOne: 'Kies minstens één antwoord of vul een toelichting in.',
  tooLong: 'U heeft meer dan de maximale 1000 tekens ingevoerd',
  submit: 'Verstuur',
  sending: 'Bezig met versturen…',
  success: { title: 'Bedankt voor uw reactie', message: 'Wij gebruiken uw mening om onze dienstverlening te verbeteren.' },
  reopened: 'Omdat het probleem volgens u nog niet is opgelost, kijken wij opnieuw naar uw melding.',
  expired: {
    title: 'Deze link is verlopen',
    message: 'U kunt tot 14 dagen na de afhandeling van uw melding laten weten wat u ervan vindt. Die termijn is voorbij.',
  },
  filledOut: { title: 'U hebt uw mening al gegeven', message: 'Wij bedanken u nogmaals voor uw reactie. U kunt deze vragen maar één keer beantwoorden.' },
  invalid: { title: 'Link ongeldig', message: 'Deze link bestaat niet. Gebruik de volledige link uit de e-mail die u van ons kreeg.' },
  error: { title: 'Er is iets misgegaan', message: 'Probeer het later nog eens.' },
  report: 'Doe een melding',
} as const;
