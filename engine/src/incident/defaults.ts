import type { IncidentDraft, IncidentLocation, Option } from './types.ts';

export const PRIORITY_OPTIONS: readonly Option[] = [
  { id: 'high', label: 'Hoog' },
  { id: 'normal', label: 'Normaal' },
  { id: 'low', label: 'Laag' },
];

/** Report types; MAI reads 'Projecten' instead of 'Groot onderhoud' under a flag. */
export function typeOptions(maiAsProjects = false): Option[] {
  return [
    { id: 'SIG', label: 'Melding' },
    { id: 'REQ', label: 'Aanvraag' },
    { id: 'QUE', label: 'Vraag' },
    { id: 'COM', label: 'Klacht' },
    { id: 'MAI', label: maiAsProjects ? 'Projecten' : 'Groot onderhoud' },
  ];
}

export const DEFAULT_PRIORITY: Option = { id: 'normal', label: 'Normaal' };
export const DEFAULT_TYPE: Option = { id: 'SIG', label: 'Melding' };

export function emptyLocation(): IncidentLocation {
  return { coordinates: { lat: 0, lng: 0 } };
}

export interface DraftDefaults {
  /** App mode: the source defaults to 'app' instead of 'online'. */
  appMode?: boolean;
  /** Whether predictions are requested when the description is left (default true). */
  usePredictions?: boolean;
  /**
   * A signed-in staff member reports: the source is theirs to choose (docs/reference/limits.md#validation 'Source
   * required'), so the draft starts without one instead of the public 'online'/'app'.
   */
  staff?: boolean;
}

/** The sources a resident's report gets by default (docs/reference/README.md#product): never a staff member's choice. */
export const PUBLIC_SOURCES: readonly string[] = ['online', 'app'];

/** A draft restored for a staff member loses a public default source: staff choose theirs. */
export function withStaffSource<D extends Pick<IncidentDraft, 'source'>>(draft: D): D {
  return draft.source && PUBLIC_SOURCES.includes(draft.source.id ?? draft.source.label) ? { ...draft, source: null } : draft;
}

/** A fresh draft with the defaults of docs/reference/screens.md#entities, docs/reference/limits.md#constants. */
export function createInitialDraft(defaults: DraftDefaults = {}): IncidentDraft {
  const source = defaults.appMode ? 'app' : 'online';
  return {
    description: '',
    category: '',
    subcategory: '',
    classification: null,
    handling_message: '',
    email: '',
    phone: '',
    sharing_allowed: { label: '', value: false },
    images: [],
    priority: { ...DEFAULT_PRIORITY },
    type: { ...DEFAULT_TYPE },
    source: defaults.staff ? null : { id: source, label: source },
    answers: {},
    questions: [],
    maxAssetWarning: false,
    loadingData: true,
    usePredictions: defaults.usePredictions ?? true,
    classificationPrediction: null,
    incident: null,
  };
}
