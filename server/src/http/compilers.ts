/**
 * Schema compilers: JSON Schema 2020-12 (the engine's create-signal schema is one)
 * with every error collected, so a 400 lists all field problems at once. Query
 * strings and path parameters are coerced from text, bodies are taken as sent.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifySchemaCompiler } from 'fastify';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import { bodyAjv, compileOnce, textAjv } from '../domain/schema.ts';

/**
 * A route's validator is compiled on its first request, not at start: compiling every
 * route's schema took about a third of a restart's CPU, and most routes are not asked
 * in the first seconds. A schema with an `$id` is compiled once and shared.
 */
export const validatorCompiler: FastifySchemaCompiler<Record<string, unknown>> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  let compiled: ValidateFunction | undefined;
  const validate = (data: unknown): boolean => {
    compiled ??= compileOnce(ajv, schema);
    const valid = compiled(data) as boolean;
    // Fastify reads the errors from the function it was given
    validate.errors = compiled.errors;
    return valid;
  };
  validate.errors = null as ValidateFunction['errors'];
  return validate;
};

const buildSerializers = SerializerSelector();

/**
 * Fastify's response serializers (fast-json-stringify), each compiled on the first answer
 * that uses it rather than at start: compiling every route's response schemas was about a
 * tenth of a restart's CPU. For Fastify's `schemaController.compilersFactory.buildSerializer`.
 */
export const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = buildSerializers(externalSchemas, options);
  return (route) => {
    let serialize: ReturnType<typeof compile> | undefined;
    return (data) => (serialize ??= compile(route))(data);
  };
};
