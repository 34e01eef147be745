/**
 * The parts of question-set.schema.json that are derived from the engine's
 * tables: the field_type enum and the per-type required meta entries (from the
 * field-type table), and the validator forms (from VALIDATOR_ARGUMENTS).
 * generate-validator.node.ts writes them into the schema file; a test fails
 * when the file is not current.
 */
import { OBJECT_LOCATION_KINDS, VALIDATOR_ARGUMENTS, VALIDATOR_NAMES, type ValidatorName } from './validatorNames.ts';
import { FIELD_TYPE_ALIASES, FIELD_TYPE_CODES, FIELD_TYPES, FIELD_TYPE_TABLE, type FieldType, type RequiredMeta } from './fieldTypes.ts';

type Json = Record<string, unknown>;

/** Extra constraints on a meta entry where a type requires it. */
const REQUIRED_META_SCHEMA: Partial<Record<RequiredMeta, Json>> = {
  featureTypes: { type: 'array', minItems: 1 },
  value: { type: 'string', minLength: 1 },
};

const REQUIRED_META_ORDER: readonly RequiredMeta[] = ['label', 'values', 'endpoint', 'featureTypes', 'value'];

/** The codes of some types: our names, then Signalen's codes of the same types. */
function codesOf(types: readonly FieldType[]): string[] {
  const aliases = Object.entries(FIELD_TYPE_ALIASES)
    .filter(([, type]) => types.includes(type))
    .map(([alias]) => alias);
  return [...types, ...aliases];
}

/** One if/then per set of types that require the same meta entries. */
function requiredMetaRules(): Json[] {
  const groups: { types: FieldType[]; names: RequiredMeta[] }[] = [];
  for (const name of REQUIRED_META_ORDER) {
    const types = FIELD_TYPES.filter((type) => (FIELD_TYPE_TABLE[type].requiredMeta as readonly RequiredMeta[]).includes(name));
    if (types.length === 0) continue;
    const same = groups.find((g) => g.types.length === types.length && g.types.every((t, i) => t === types[i]));
    if (same) same.names.push(name);
    else groups.push({ types, names: [name] });
  }
  return groups.map(({ types, names }) => {
    const properties = Object.fromEntries(names.filter((n) => REQUIRED_META_SCHEMA[n]).map((n) => [n, REQUIRED_META_SCHEMA[n]]));
    // Options may come from `valuesFrom` (filled at run time) instead of `values`.
    const listed = names.filter((n) => n !== 'values');
    const meta: Json = { type: 'object' };
    if (listed.length > 0) meta.required = listed;
    if (names.includes('values')) Object.assign(meta, { if: { not: { required: ['valuesFrom'] } }, then: { required: ['values'] } });
    if (Object.keys(properties).length > 0) meta.properties = properties;
    return {
      if: { type: 'object', properties: { field_type: { enum: codesOf(types) } }, required: ['field_type'] },
      then: { type: 'object', properties: { meta } },
    };
  });
}

const nameSchema = (names: readonly string[]): Json => (names.length === 1 ? { const: names[0] } : { enum: [...names] });

const ARGUMENT_SCHEMA: Record<Exclude<(typeof VALIDATOR_ARGUMENTS)[ValidatorName], 'none'>, Json> = {
  number: { type: 'number' },
  length: { type: 'integer', minimum: 0 },
  pattern: { type: 'string', minLength: 1 },
  objectKind: { enum: Object.keys(OBJECT_LOCATION_KINDS) },
};

/** The forms a validator may take: a name, [name], or [name, argument] per kind of argument. */
export function validatorSchemaBranches(): Json[] {
  const byArgument = new Map<string, ValidatorName[]>();
  for (const name of VALIDATOR_NAMES) {
    const kind = VALIDATOR_ARGUMENTS[name];
    byArgument.set(kind, [...(byArgument.get(kind) ?? []), name]);
  }
  const plain = byArgument.get('none') ?? [];
  const branches: Json[] = [
    { enum: [...plain] },
    { type: 'array', prefixItems: [{ enum: [...plain] }], minItems: 1, maxItems: 1 },
  ];
  for (const [kind, names] of byArgument) {
    if (kind === 'none') continue;
    branches.push({
      type: 'array',
      prefixItems: [nameSchema(names), ARGUMENT_SCHEMA[kind as keyof typeof ARGUMENT_SCHEMA]],
      minItems: 2,
      maxItems: 2,
    });
  }
  return branches;
}

/** The schema with its derived parts replaced by what the tables say (the input is not changed). */
export function deriveQuestionSetSchema<T extends Json>(schema: T): T {
  const copy = JSON.parse(JSON.stringify(schema)) as Json & { $defs: Record<string, Json> };
  const question = copy.$defs.question as Json & { properties: Record<string, Json> };
  const aliases = Object.entries(FIELD_TYPE_ALIASES).map(([alias, type]) => `${alias} means ${type}`);
  question.properties.field_type = {
    enum: [...FIELD_TYPE_CODES],
    description: `One of the ${FIELD_TYPES.length} field types of engine/src/schema/fieldTypes.ts; Signalen's codes are accepted too (${aliases.join(', ')}).`,
  };
  question.allOf = requiredMetaRules();
  const validator = copy.$defs.validator;
  validator.anyOf = validatorSchemaBranches();
  return copy as unknown as T;
}
