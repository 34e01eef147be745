import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import createSignalSchema from '../../schema/create-signal.schema.json';

export interface PayloadError {
  /** JSON pointer into the payload. */
  pointer: string;
  message: string;
}

export interface PayloadValidation {
  valid: boolean;
  errors: PayloadError[];
}

let validators: { public: ValidateFunction; private: ValidateFunction } | undefined;

function compile() {
  if (!validators) {
    const ajv = new Ajv2020({ allErrors: true });
    addFormats(ajv);
    ajv.addSchema(createSignalSchema);
    validators = {
      public: ajv.getSchema(createSignalSchema.$id)!,
      private: ajv.getSchema(`${createSignalSchema.$id}#/$defs/privateSignal`)!,
    };
  }
  return validators;
}

/**
 * Check a create-call body against engine/schema/create-signal.schema.json:
 * the public call by default, the staff call with `{staff: true}`.
 */
export function validateCreatePayload(payload: unknown, options: { staff?: boolean } = {}): PayloadValidation {
  const validate = options.staff ? compile().private : compile().public;
  if (validate(payload)) return { valid: true, errors: [] };
  return {
    valid: false,
    // A failed "value or null" reports the value's problem only.
    errors: (validate.errors ?? [])
      .filter((e) => e.keyword !== 'anyOf' && !(e.keyword === 'type' && (e.params as { type: unknown }).type === 'null'))
      .map((e) => ({
      pointer: e.instancePath,
      message:
        e.keyword === 'unevaluatedProperties'
          ? `unknown property "${(e.params as { unevaluatedProperty: string }).unevaluatedProperty}"`
          : e.keyword === 'required'
            ? `"${(e.params as { missingProperty: string }).missingProperty}" is missing`
            : (e.message ?? e.keyword),
    })),
  };
}
