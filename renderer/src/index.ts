export * from './types.ts';
export * from './context.tsx';
export * from './texts.ts';
export * from './shell/index.ts';
export * from './fields/TextInput/index.ts';
