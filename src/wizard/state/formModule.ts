/**
 * The engine's form compiler and payload builder, in their own chunk. The
 * wizard's question sets were checked against the schema before they got here
 * (the bundled ones by the question-set tests and `npm run questions:check`, the
 * server's at its start), so the browser compiles them without the schema
 * validator and its code.
 */
export { createTrustedForm as createForm, buildPayload } from '@meldloket/engine';
