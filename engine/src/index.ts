export * from './schema/types.ts';
export * from './form/types.ts';
export * from './incident/types.ts';
