export { suggestAddresses, reverseGeocode, addressFromDoc, isAbort, MIN_QUERY_LENGTH, SUGGEST_DEBOUNCE_MS, REVERSE_DISTANCE } from './pdok.ts';
export type { AddressSuggestion, PdokEndpoints } from './pdok.ts';
export { fetchObjects, toMapObjects, wfsUrl, boxAround, distance } from './wfs.ts';
export type { Bbox, MapObject, ObjectTypes } from './wfs.ts';
