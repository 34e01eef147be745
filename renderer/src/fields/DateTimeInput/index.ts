export { DateTimeInput } from './DateTimeInput.tsx';
