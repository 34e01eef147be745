export { MapInput } from './MapInput.tsx';
