export { StreetlightSelect } from './StreetlightSelect.tsx';
