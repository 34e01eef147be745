import { FIELD_TYPES, fieldTypeOfCode, type FieldType } from '@meldloket/engine';
import { CheckboxInput } from './fields/CheckboxInput/index.ts';
import { DescriptionWithClassificationInput } from './fields/DescriptionWithClassificationInput/index.ts';
import { EmphasisCheckboxInput } from './fields/EmphasisCheckboxInput/index.ts';
import { HandlingMessage } from './fields/HandlingMessage/index.ts';
import { Header } from './fields/Header/index.ts';
import { HiddenInput } from './fields/HiddenInput/index.ts';
import { MapFallback, UnknownField } from './fields/MapFallback/index.ts';
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

/** The table from every field type to its widget. */
export type WidgetRegistry = Record<FieldType, Widget>;

const DEFAULT_WIDGETS: WidgetRegistry = {
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

const registered: WidgetRegistry = { ...DEFAULT_WIDGETS };

/**
 * Registers (or replaces) the widget of a field type for every FormRenderer.
 * The map code calls this once at start for the six map types, e.g.
 * `registerWidgets({ location_select: LocationSelect, asset_select: AssetSelect })`.
 */
export function registerWidget(fieldType: FieldType, widget: Widget): void {
  if (!(FIELD_TYPES as readonly string[]).includes(fieldType)) throw new Error(`Unknown field type: ${fieldType}`);
  registered[fieldType] = widget;
}

export function registerWidgets(widgets: Partial<WidgetRegistry>): void {
  for (const [fieldType, widget] of Object.entries(widgets) as [FieldType, Widget | undefined][]) {
    if (widget) registerWidget(fieldType, widget);
  }
}

/** The current table (defaults plus registrations). */
export function widgetRegistry(): Readonly<WidgetRegistry> {
  return { ...registered };
}

/** The widget for a field type code; an unknown code gets a visible fallback, never a blank. */
export function widgetFor(code: string, overrides?: Partial<WidgetRegistry>): Widget {
  const fieldType = fieldTypeOfCode(code);
  if (!fieldType) return UnknownField;
  return overrides?.[fieldType] ?? registered[fieldType];
}

/** Whether a map type still shows the fallback because no map widget registered. */
export function isMapFallback(widget: Widget): boolean {
  return widget === MapFallback;
}
