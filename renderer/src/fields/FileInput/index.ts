export { FileInput } from './FileInput.tsx';
export type { FileValue } from './FileInput.tsx';
