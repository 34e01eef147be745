import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { FIELD_TYPES, fieldTypeOfCode, type FieldType } from '@meldloket/engine';
import { CheckboxInput } from './fields/CheckboxInput/index.ts';
import { DescriptionWithClassificationInput } from './fields/DescriptionWithClassificationInput/index.ts';
import { EmphasisCheckboxInput } from './fields/EmphasisCheckboxInput/index.ts';
import { HandlingMessage } from './fields/HandlingMessage/index.ts';
import { Header } from './fields/Header/index.ts';
import { HiddenInput } from './fields/HiddenInput/index.ts';
import { UnknownField } from './fields/UnknownField/index.ts';
import { MultiTextInput } from './fields/MultiTextInput/index.ts';
import { PlainText } from './fields/PlainText/index.ts';
import { RadioInput } from './fields/RadioInput/index.ts';
import { SelectInput } from './fields/SelectInput/index.ts';
import { TextareaInput } from './fields/TextareaInput/index.ts';
import { TextInput } from './fields/TextInput/index.ts';
import { DateTimeInput } from './fields/DateTimeInput/index.ts';
import { FileInput } from './fields/FileInput/index.ts';
import { AssetSelect } from './fields/AssetSelect/index.ts';
import { CaterpillarSelect } from './fields/CaterpillarSelect/index.ts';
import { ClockSelect } from './fields/ClockSelect/index.ts';
import { LocationSelect } from './fields/LocationSelect/index.ts';
import { MapInput } from './fields/MapInput/index.ts';
import { StreetlightSelect } from './fields/StreetlightSelect/index.ts';
import type { Widget } from './types.ts';

/** The table from every field type to its widget (TypeScript refuses it until every type of the engine's table has one). */
export type WidgetRegistry = Record<FieldType, Widget>;

const DEFAULT_WIDGET_TABLE: WidgetRegistry = {
  asset_select: AssetSelect,
  caterpillar_select: CaterpillarSelect,
  clock_select: ClockSelect,
  streetlight_select: StreetlightSelect,
  location_select: LocationSelect,
  map_input: MapInput,
  checkbox_input: CheckboxInput,
  date_time_input: DateTimeInput,
  description_with_classification_input: DescriptionWithClassificationInput,
  emphasis_checkbox_input: EmphasisCheckboxInput,
  file_input: FileInput,
  handling_message: HandlingMessage,
  header: Header,
  hidden_input: HiddenInput,
  multi_text_input: MultiTextInput,
  plain_text: PlainText,
  radio_input: RadioInput,
  select_input: SelectInput,
  text_input: TextInput,
  textarea_input: TextareaInput,
};

/** The default widget of every field type: plain data, never changed at run time. */
export const DEFAULT_WIDGETS: Readonly<WidgetRegistry> = Object.freeze(DEFAULT_WIDGET_TABLE);

const RegistryContext = createContext<Readonly<WidgetRegistry>>(DEFAULT_WIDGETS);

/**
 * Gives the widgets below it a registry: the surrounding one (the defaults at
 * the top) with `widgets` in place of some types' widgets, e.g. the app's
 * photo widget for file_input.
 */
export function WidgetRegistryProvider({ widgets, children }: { widgets: Partial<WidgetRegistry>; children?: ReactNode }) {
  const outer = useContext(RegistryContext);
  const value = useMemo(() => withWidgets(outer, widgets), [outer, widgets]);
  return createElement(RegistryContext.Provider, { value }, children);
}

/** The registry in effect here. */
export function useWidgetRegistry(): Readonly<WidgetRegistry> {
  return useContext(RegistryContext);
}

/** A registry with some types' widgets replaced; refuses an unknown field type. */
export function withWidgets(registry: Readonly<WidgetRegistry>, widgets: Partial<WidgetRegistry> | undefined): Readonly<WidgetRegistry> {
  if (!widgets) return registry;
  const entries = Object.entries(widgets).filter(([, widget]) => widget !== undefined);
  if (entries.length === 0) return registry;
  for (const [fieldType] of entries) {
    if (!(FIELD_TYPES as readonly string[]).includes(fieldType)) throw new Error(`Unknown field type: ${fieldType}`);
  }
  return Object.freeze({ ...registry, ...Object.fromEntries(entries) });
}

/** The widget for a field type code (Signalen's aliases resolved); an unknown code gets a visible notice, never a blank. */
export function widgetFor(code: string, registry: Readonly<Partial<WidgetRegistry>> = DEFAULT_WIDGETS): Widget {
  const fieldType = fieldTypeOfCode(code);
  if (!fieldType) return UnknownField;
  return registry[fieldType] ?? DEFAULT_WIDGETS[fieldType];
}
