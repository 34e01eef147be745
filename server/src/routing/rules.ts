/**
 * Routing rules (docs/routing.md), the pure part: what a rule matches and which rule a
 * report follows. Ordered by position, first match wins; an empty condition matches everything.
 */
import { amsterdamWeekMinute } from '../followup/time.ts';

export interface RuleConditions {
  /** Subcategory ids; a report matches when its subcategory is one of them or its main category is in `main_categories`. */
  sub_categories?: number[];
  main_categories?: number[];
  /** Area ids: the report lies in one of them. */
  areas?: number[];
  /** Report types (SIG, REQ, …). */
  types?: string[];
  sources?: string[];
  /** ISO weekdays in Amsterdam time, 1 Monday … 7 Sunday. */
  days?: number[];
  /** 'HH:MM' Amsterdam time, from inclusive, until exclusive; from > until runs over midnight. */
  time_from?: string;
  time_until?: string;
}

export interface RoutingRule {
  id: number;
  position: number;
  name: string;
  is_active: boolean;
  conditions: RuleConditions;
  /** Department ids the report goes to. */
  routing: number[];
  /** Department ids that direct it ('Regie'); may be empty. */
  directing: number[];
}

/** What a rule is matched against. */
export interface RoutingInput {
  subCategoryId: number;
  mainCategoryId: number | null;
  areaIds: readonly number[];
  type: string;
  source: string;
  /** When the report was made (its created_at). */
  at: Date;
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

const some = <T>(list: readonly T[] | undefined, test: (x: T) => boolean) => !list || list.length === 0 || list.some(test);

export function matches(rule: RoutingRule, input: RoutingInput): boolean {
  const c = rule.conditions;
  const categoryGiven = (c.sub_categories?.length ?? 0) + (c.main_categories?.length ?? 0) > 0;
  if (categoryGiven && !(c.sub_categories?.includes(input.subCategoryId) || (input.mainCategoryId !== null && c.main_categories?.includes(input.mainCategoryId)))) return false;
  if (!some(c.areas, (a) => input.areaIds.includes(a))) return false;
  if (!some(c.types, (t) => t === input.type)) return false;
  if (!some(c.sources, (s) => s === input.source)) return false;
  if ((c.days?.length ?? 0) > 0 || c.time_from || c.time_until) {
    const { day, minute } = amsterdamWeekMinute(input.at);
    if (!some(c.days, (d) => d === day)) return false;
    const from = c.time_from ? minutes(c.time_from) : 0;
    const until = c.time_until ? minutes(c.time_until) : 24 * 60;
    const inside = from <= until ? minute >= from && minute < until : minute >= from || minute < until;
    if (!inside) return false;
  }
  return true;
}

/** The first active rule (by position) the report matches, or undefined: the subcategory's responsible department. */
export function firstMatch(rules: readonly RoutingRule[], input: RoutingInput): RoutingRule | undefined {
  for (const rule of rules) if (rule.is_active && matches(rule, input)) return rule;
  return undefined;
}

export const TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';

/** The JSON Schema of one rule as the settings send it (PUT /private/routing-rules/). */
export const RULE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'routing'],
  properties: {
    id: { type: ['integer', 'null'] },
    /** As the list answers it; the order of the list decides. */
    position: { type: 'integer' },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    is_active: { type: 'boolean' },
    conditions: {
      type: 'object',
      additionalProperties: false,
      properties: {
        sub_categories: { type: 'array', items: { type: 'integer' }, maxItems: 500 },
        main_categories: { type: 'array', items: { type: 'integer' }, maxItems: 100 },
        areas: { type: 'array', items: { type: 'integer' }, maxItems: 1000 },
        types: { type: 'array', items: { type: 'string', maxLength: 3 }, maxItems: 10 },
        sources: { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: 50 },
        days: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 7 }, maxItems: 7 },
        time_from: { type: 'string', pattern: TIME_PATTERN },
        time_until: { type: 'string', pattern: TIME_PATTERN },
      },
    },
    routing: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 20 },
    directing: { type: 'array', items: { type: 'integer' }, maxItems: 20 },
  },
} as const;
