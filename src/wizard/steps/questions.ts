/**
 * The fields of steps 1 and 3 as question definitions, so the renderer draws
 * them like any other question; their validation is the engine's
 * (validateDescriptionStep, validateContactStep).
 */
import { PRIORITY_OPTIONS, typeOptions, type Option, type Question } from '@meldloket/engine';

const valuesOf = (options: readonly Option[]) => Object.fromEntries(options.map((o) => [o.id, o.label]));

export const descriptionQuestion: Question = {
  key: 'description',
  field_type: 'description_with_classification_input',
  required: true,
  meta: { label: 'Waar gaat het om?', shortLabel: 'Omschrijving', maxLength: 1000 },
};

export const imagesQuestion: Question = {
  key: 'images',
  field_type: 'file_input',
  required: false,
  meta: {
    label: "Foto's toevoegen",
    shortLabel: "Foto's",
    subtitle: 'Voeg een foto toe om de situatie te verduidelijken. U kunt maximaal 3 foto’s toevoegen.',
    maxNumberOfFiles: 3,
  },
};

export function sourceQuestion(sources: Option[]): Question {
  return { key: 'source', field_type: 'select_input', required: true, meta: { label: 'Bron', shortLabel: 'Bron', values: valuesOf(sources) } };
}

export const priorityQuestion: Question = {
  key: 'priority',
  field_type: 'radio_input',
  required: true,
  meta: { label: 'Urgentie', shortLabel: 'Urgentie', values: valuesOf(PRIORITY_OPTIONS) },
};

export function typeQuestion(maiAsProjects: boolean): Question {
  return { key: 'type', field_type: 'radio_input', required: true, meta: { label: 'Type', shortLabel: 'Type', values: valuesOf(typeOptions(maiAsProjects)) } };
}

export const phoneQuestion: Question = {
  key: 'phone',
  field_type: 'text_input',
  required: false,
  meta: {
    label: 'Wat is uw telefoonnummer?',
    shortLabel: 'Telefoonnummer',
    subtitle: 'Dan kunnen we u bellen als we vragen hebben over uw melding.',
    autocomplete: 'tel',
    autoRemove: '[^\\d ()+-]',
    maxLength: 17,
  },
};

export const emailQuestion: Question = {
  key: 'email',
  field_type: 'text_input',
  required: false,
  meta: {
    label: 'Wat is uw e-mailadres?',
    shortLabel: 'E-mailadres',
    subtitle: 'Dan houden we u per e-mail op de hoogte van uw melding.',
    autocomplete: 'email',
    maxLength: 100,
  },
};

export const sharingQuestion: Question = {
  key: 'sharing_allowed',
  field_type: 'checkbox_input',
  required: false,
  meta: {
    label: 'Melding delen',
    shortLabel: 'Toestemming contactgegevens delen',
    value: 'Ja, ik geef de gemeente toestemming om mijn telefoonnummer en e-mailadres te delen met andere organisaties, als dat nodig is om mijn melding op te lossen.',
  },
};

export const SHARING_LABEL = 'Ja, ik geef toestemming';
