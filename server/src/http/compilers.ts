/**
 * Schema compilers: JSON Schema 2020-12 (the engine's create-signal schema is one)
 * with every error collected, so a 400 lists all field problems at once. Query
 * strings and path parameters are coerced from text, bodies are taken as sent.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { isDateTime } from './datetime.ts';

function makeAjv(coerce: boolean) {
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: coerce ? 'array' : false, useDefaults: coerce });
  addFormats(ajv);
  // The contract's datetimes (naive = Amsterdam time, years 1900-9999, no leap second): http/datetime.ts.
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  return ajv;
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<Record<string, unknown>> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  const id = typeof schema.$id === 'string' ? schema.$id : undefined;
  const existing = id ? ajv.getSchema(id) : undefined;
  return existing ?? ajv.compile(schema);
};
