/** The public category objects of docs/reference/api.md#categories (the SLA stays private). */
import type { Category, MainCategory } from '../../services/categories/index.ts';
import { CURIES } from '../../http/hal.ts';
import { API_PATHS, apiPath, API_PREFIX, categoryPath } from '@meldloket/engine';

const link = (href: string) => ({ href });


/** The public paths of a main category and a sub-category (the engine's one builder). */
export const mainPath = (main: { slug: string }) => categoryPath(main.slug);
export const subPath = (main: { slug: string }, sub: { slug: string }) => categoryPath(main.slug, sub.slug);

function iconLink(base: string, icon: string | null) {
  return icon ? { 'sia:icon': link(`${base}${API_PREFIX.media}/${icon}`) } : {};
}

export function serializeSub(base: string, main: MainCategory, sub: Category) {
  return {
    _links: {
      curies: CURIES(base),
      self: link(base + subPath(main, sub)),
      // only when a questionnaire is attached (docs/reference/api.md#categories)
      ...(sub.questionnaire ? { 'sia:questionnaire': link(`${base}${apiPath(API_PATHS.qaQuestionnaire, { uuid: sub.questionnaire })}`) } : {}),
      ...iconLink(base, sub.icon ?? main.icon),
    },
    _display: `${sub.name} (${main.name})`,
    name: sub.name,
    slug: sub.slug,
    handling: sub.handling,
    departments: sub.departments,
    is_active: sub.is_active,
    description: sub.description,
    handling_message: sub.handling_message,
    // Signalen's serializer skips the field when no questionnaire is attached (DRF: a non-required
    // field whose source `questionnaire.uuid` cannot be read); it never sends null
    ...(sub.questionnaire ? { questionnaire: sub.questionnaire } : {}),
    public_name: sub.public_name,
    is_public_accessible: sub.is_public_accessible,
    configuration: sub.configuration,
  };
}

export function serializeMain(base: string, main: MainCategory) {
  return {
    _links: {
      curies: CURIES(base),
      self: link(base + mainPath(main)),
      ...(main.questionnaire ? { 'sia:questionnaire': link(`${base}${apiPath(API_PATHS.qaQuestionnaire, { uuid: main.questionnaire })}`) } : {}),
      ...iconLink(base, main.icon),
    },
    _display: main.name,
    name: main.name,
    slug: main.slug,
    public_name: main.public_name,
    is_public_accessible: main.is_public_accessible,
    sub_categories: main.sub_categories.map((sub) => serializeSub(base, main, sub)),
    configuration: main.configuration,
  };
}

const nullable = (type: string) => ({ type: [type, 'null'] });
const links = { type: 'object', additionalProperties: true } as const;

/** What a main and a sub-category both begin with on the wire (the serializer writes keys in this order). */
const categoryHead = { _links: links, _display: { type: 'string' }, name: { type: 'string' }, slug: { type: 'string' } } as const;
const configuration = { anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: true }] } as const;

export const subCategorySchema = {
  type: 'object',
  properties: {
    ...categoryHead,
    handling: { type: 'string' },
    departments: {
      type: 'array',
      items: { type: 'object', properties: { code: { type: 'string' }, name: { type: 'string' }, is_intern: { type: 'boolean' } } },
    },
    is_active: { type: 'boolean' },
    description: nullable('string'),
    handling_message: nullable('string'),
    questionnaire: { type: 'string' },
    public_name: nullable('string'),
    is_public_accessible: { type: 'boolean' },
    configuration,
  },
} as const;

export const mainCategorySchema = {
  type: 'object',
  properties: {
    ...categoryHead,
    public_name: nullable('string'),
    is_public_accessible: { type: 'boolean' },
    sub_categories: { type: 'array', items: subCategorySchema },
    configuration,
  },
} as const;
