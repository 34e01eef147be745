export { ClockSelect } from './ClockSelect.tsx';
