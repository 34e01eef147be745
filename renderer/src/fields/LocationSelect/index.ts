export { LocationSelect } from './LocationSelect.tsx';
export { MapField, MapWidget, assetText } from './MapField.tsx';
export { MapServicesProvider, useMapServices } from './mapServices.tsx';
export type { MapFieldKind, MapFieldServices, MapSelectorProps, IntroMapProps } from './mapServices.tsx';
export { MAP_FIELD_TEXTS } from './texts.ts';
