export { mergeConfig } from './merge.ts';
