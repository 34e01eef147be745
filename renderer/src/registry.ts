import { createContext, createElement, lazy, Suspense, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { FIELD_TYPES, fieldTypeOfCode, type FieldType } from '@meldloket/engine';
import { CheckboxInput } from './fields/CheckboxInput/index.ts';
import { DescriptionWithClassificationInput } from './fields/DescriptionWithClassificationInput/index.ts';
import { EmphasisCheckboxInput } from './fields/EmphasisCheckboxInput/index.ts';
import { HandlingMessage } from './fields/HandlingMessage/index.ts';
import { Header } from './fields/Header/index.ts';
import { HiddenInput } from './fields/HiddenInput/index.ts';
import { UnknownField } from './fields/UnknownField/index.ts';
import { PlainText } from './fields/PlainText/index.ts';
import { RadioInput } from './fields/RadioInput/index.ts';
import { SelectInput } from './fields/SelectInput/index.ts';
import { TextareaInput } from './fields/TextareaInput/index.ts';
import { TextInput } from './fields/TextInput/index.ts';
import { FileInput } from './fields/FileInput/index.ts';
import type { Widget, WidgetProps } from './types.ts';

/** A widget whose code loads on first use (or on `preloadWidgets`), with `preload()` to fetch it early. */
export type LazyWidget = Widget & { preload(): Promise<void> };

/**
 * A widget loaded when a form first shows it: the first page carries only the
 * widgets step 1 draws. It renders nothing until its code has arrived (in its own
 * Suspense boundary, so the rest of the form stays), which `preloadWidgets`
 * avoids by fetching the code as soon as the question set is known.
 */
function lazyWidget<M>(load: () => Promise<M>, pick: (module: M) => Widget): LazyWidget {
  let loaded: Widget | undefined;
  let loading: Promise<{ default: Widget }> | undefined;
  const preload = () => (loading ??= load().then((module) => ({ default: (loaded = pick(module)) })));
  const Lazy = lazy(preload) as ComponentType<WidgetProps<unknown>>;
  // Once the code is there the widget itself is drawn, in the same render. Each instance keeps the
  // tree it started with, so a widget that mounted while loading is not remounted (and loses no focus).
  const widget = (props: WidgetProps<unknown>) => {
    const [direct] = useState(() => loaded);
    return direct ? createElement(direct, props) : createElement(Suspense, { fallback: null }, createElement(Lazy, props));
  };
  return Object.assign(widget, { preload: () => preload().then(() => undefined) });
}

// Only step 1's widgets and the small common ones load with the registry; the rest on first use.
const DateTimeInput = lazyWidget(() => import('./fields/DateTimeInput/index.ts'), (m) => m.DateTimeInput);
const MultiTextInput = lazyWidget(() => import('./fields/MultiTextInput/index.ts'), (m) => m.MultiTextInput);
const LocationSelect = lazyWidget(() => import('./fields/LocationSelect/index.ts'), (m) => m.LocationSelect);
// the five map types that are not the report's location: one widget (the question says which layer)
const MapObjectSelect = lazyWidget(() => import('./fields/MapObjectSelect/index.ts'), (m) => m.MapObjectSelect);

/** The table from every field type to its widget (TypeScript refuses it until every type of the engine's table has one). */
export type WidgetRegistry = Record<FieldType, Widget>;

const DEFAULT_WIDGET_TABLE: WidgetRegistry = {
  asset_select: MapObjectSelect,
  caterpillar_select: MapObjectSelect,
  clock_select: MapObjectSelect,
  streetlight_select: MapObjectSelect,
  location_select: LocationSelect,
  map_input: MapObjectSelect,
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

/**
 * Fetches the code of the default widgets of these field type codes (e.g. the
 * `field_type` of every question of a set that has just arrived), so the form
 * draws them at once instead of after a load. Resolves when all are there.
 */
export async function preloadWidgets(codes: Iterable<string>): Promise<void> {
  const loads: Promise<void>[] = [];
  for (const code of new Set(codes)) {
    const fieldType = fieldTypeOfCode(code);
    const widget: Partial<LazyWidget> | undefined = fieldType ? DEFAULT_WIDGETS[fieldType] : undefined;
    if (widget && typeof widget.preload === 'function') loads.push(widget.preload());
  }
  await Promise.all(loads);
}
