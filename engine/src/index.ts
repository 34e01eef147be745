export * from './schema/types.ts';
export * from './form/types.ts';
export * from './incident/types.ts';
export * from './geo/index.ts';
export * from './date/index.ts';
export * from './classification/index.ts';
export * from './api/index.ts';
export * from './incident/index.ts';
