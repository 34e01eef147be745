/**
 * The incident draft: everything the wizard collects (docs/reference/screens.md#entities 'Incident draft').
 * Question answers (extra_* and other question keys) live in `answers`, keyed
 * by question key, so that `form.evaluate({category, subcategory, ...answers})`
 * sees exactly what Signalen's checkVisibility sees.
 */
import type { Answers, Question } from '../schema/types.ts';

export interface Option {
  id: string;
  label: string;
}

export interface Classification {
  id: string;
  name: string;
  slug: string;
}

export interface Coordinates {
  lat: number;
  lng: number;
}

/** PDOK/BAG style address (docs/reference/screens.md#entities 'Address and location'). */
export interface Address {
  openbare_ruimte?: string;
  huisnummer?: string | number;
  huisletter?: string;
  huisnummer_toevoeging?: string;
  postcode?: string;
  woonplaats?: string;
  stadsdeel?: string;
}

export interface IncidentLocation {
  address?: Address;
  coordinates: Coordinates;
  /** Selection kind when the location came from the map. */
  selectionType?: 'not-on-map' | 'unknown' | 'nearby' | 'object';
}

/** 'now' or an ISO timestamp / epoch ms for an earlier moment. */
export type DateTimeValue = 'now' | number | string | null;

export interface ImageDraft {
  /** Stable id to match previews and upload progress. */
  id: string;
  name: string;
  type: string;
  size: number;
}

/** A published version of a question set (docs/studio-api.md): step 2's questions came from it, and a resumed wizard asks for it again. */
export interface QuestionSetRef {
  name: string;
  version: number;
}

export interface IncidentDraft {
  description: string;
  category: string;
  subcategory: string;
  classification: Classification | null;
  handling_message: string;
  email: string;
  phone: string;
  sharing_allowed: { label: string; value: boolean };
  images: ImageDraft[];
  priority: Option;
  type: Option;
  source: { id?: string; label: string } | null;
  /** Answers to category questions, by question key. */
  answers: Answers;
  questions: Question[];
  /** The published question set (name and version) the questions came from; absent for bundled or Signalen questions. */
  questionSet?: QuestionSetRef;
  maxAssetWarning: boolean;
  /** The category's questions are being fetched (a restored draft fetches them again). */
  loadingData: boolean;
  usePredictions: boolean;
  classificationPrediction: Classification | null;
  /** The created report as returned by the create call, with the local handling_message. */
  incident?: CreatedIncident | null;
}

/** An object chosen on the map (docs/reference/screens.md#entities 'Selected asset'). */
export interface SelectedAsset {
  id: string | number;
  /** Feature type value, or 'not-on-map', 'unknown' or 'nearby'. */
  type: string;
  description?: string;
  /** 'checked' or 'reported'; a reported object cannot be selected. */
  status?: string;
  label?: string;
  coordinates: Coordinates;
  address?: Address;
}

/** The answer of an asset-select question: the selection plus the location it sets. */
export interface AssetAnswer {
  selection?: SelectedAsset[];
  location: IncidentLocation;
}

/** The create call's answer (docs/reference/api.md#public-create 'Response: 201'), kept after submit. */
export interface CreatedIncident {
  signal_id: string;
  id?: number;
  _display?: string;
  id_display?: string;
  created_at?: string;
  handling_message?: string;
  [other: string]: unknown;
}
