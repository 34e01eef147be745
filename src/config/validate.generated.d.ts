// Types of the generated standalone validator (validate.generated.js).
import type { ErrorObject } from 'ajv';

export interface StandaloneValidate {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}
export declare const validate: StandaloneValidate;
export default validate;
