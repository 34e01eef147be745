export { MapFallback, UnknownField } from './MapFallback.tsx';
