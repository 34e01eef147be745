import type { FormFactory } from '@meldloket/engine';

export type EngineForm = typeof import('./formModule.ts');

let loaded: EngineForm | null = null;
let loading: Promise<EngineForm> | null = null;

/** Loads the form compiler and payload builder (once). */
export function loadEngineForm(): Promise<EngineForm> {
  loading ??= import('./formModule.ts').then((module) => (loaded = module));
  return loading;
}

/** The loaded module, or null before loadEngineForm() resolved. */
export function engineFormIfLoaded(): EngineForm | null {
  return loaded;
}

/** The machine's FormFactory: the questions only arrive after the module is loaded (see services). */
export const lazyCreateForm: FormFactory = (questions, context) => {
  if (!loaded) throw new Error('createForm used before loadEngineForm() resolved');
  return loaded.createForm(questions, context);
};
