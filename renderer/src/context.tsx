import { createContext, useContext, type ReactNode } from 'react';
import type { ConfigPlaceholder } from '@meldloket/engine';

/** A subcategory the reporter can choose in step 1. */
export interface SubcategoryOption {
  /** Unique id (Signalen: the subcategory slug or its URL). */
  id: string;
  name: string;
  /** Name of the main category, used to group the options. */
  group?: string;
  /** What the subcategory is for; searched too. */
  description?: string | null;
  /** Words a resident may search for that are in neither name nor description ('lamp', 'vuilniszak'). */
  keywords?: readonly string[];
}

/** Everything the description widget needs to offer a classification. */
export interface ClassificationServices {
  subcategories: SubcategoryOption[];
  /** Id of the chosen subcategory. */
  selected?: string | null;
  onSelect: (id: string | null) => void;
  /** The predicted subcategory, shown as 'Subcategorie voorstel: {name}'. */
  suggestion?: SubcategoryOption | null;
  /** Asked when the description field loses focus with text in it. */
  onClassify?: (description: string) => void;
  /** The engine's error for the subcategory choice, when it should be shown. */
  error?: string;
  /** Whether a subcategory must be chosen (default true). */
  required?: boolean;
}

/** Services and data that widgets need beyond their own answer. */
export interface RendererServices {
  /** The current time (date picker); defaults to the clock. */
  now?: () => Date;
  /** Draft fields for `{incident.x}` placeholders in notices. */
  incident?: Record<string, unknown>;
  /** Values from the app's configuration for `{phone}` and `{hours}` in notices. */
  placeholders?: Partial<Record<ConfigPlaceholder, string>>;
  /** The chosen category's handling message. */
  handlingMessage?: string;
  classification?: ClassificationServices;
  /** Upload progress per photo id, 0 to 1. */
  uploadProgress?: Record<string, number>;
  /** Upload failure per photo id. */
  uploadFailed?: Record<string, boolean>;
}

const ServicesContext = createContext<RendererServices>({});

export function RendererServicesProvider({ value, children }: { value: RendererServices; children: ReactNode }) {
  return <ServicesContext.Provider value={value}>{children}</ServicesContext.Provider>;
}

export function useRendererServices(): RendererServices {
  return useContext(ServicesContext);
}
