/**
 * The JSON Schema validators (2020-12; the engine's create-signal schema is one) with every
 * error collected, so a 400 lists all field problems at once, and the API's own `date-time`
 * format. Query strings and path parameters are coerced from text (textAjv), bodies are taken
 * as sent (bodyAjv). The routes' compiler is http/compilers.ts; a service checking part of a
 * body itself uses bodyAjv.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { isDateTime } from './datetime.ts';

function makeAjv(coerce: boolean) {
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: coerce ? 'array' : false, useDefaults: coerce });
  addFormats(ajv);
  // The contract's datetimes (naive = Amsterdam time, years 1900-9999, no leap second): domain/datetime.ts.
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  return ajv;
}

export const bodyAjv = makeAjv(false);
export const textAjv = makeAjv(true);

/** The validator of `schema`: a schema with an `$id` is compiled once and shared (a route's body and a service's check of it). */
export function compileOnce(ajv: Ajv2020, schema: Record<string, unknown>): ValidateFunction {
  const id = typeof schema.$id === 'string' ? schema.$id : undefined;
  return (id ? ajv.getSchema(id) : undefined) ?? ajv.compile(schema);
}
