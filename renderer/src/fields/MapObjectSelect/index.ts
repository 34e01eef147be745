export { MapObjectSelect } from './MapObjectSelect.tsx';
