/**
 * The engine's form compiler and payload builder, in their own chunk: the first
 * page (step 1) needs neither, so they load while the category's questions do.
 */
export { createForm, buildPayload } from '@meldloket/engine';
