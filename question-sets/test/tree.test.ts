import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import type { ConditionBlock, Question } from '@meldloket/engine';
import { categoryTreeProblems, LOCATION_ONLY, questionSetName, REPORT_LOCATION_TYPES, subcategoriesOf } from '@meldloket/engine';
import { evaluate, loadSet, setNames, tree, treeSchema } from './support.ts';

const subs = tree.categories.flatMap((main) => main.sub_categories.map((sub) => ({ main, sub })));

/** Every value a condition block tests the key against, nested blocks included. */
function conditionValues(block: ConditionBlock | undefined, key: string): string[] {
  if (!block) return [];
  return Object.entries(block).flatMap(([k, v]) => {
    if (k === 'ifOneOf' || k === 'ifAllOf') return conditionValues(v as ConditionBlock, key);
    if (k !== key) return [];
    return (Array.isArray(v) ? v : [v]).map(String);
  });
}

const subcategoryConditions = (q: Question) => [
  ...conditionValues(q.meta.ifOneOf, 'subcategory'),
  ...conditionValues(q.meta.ifAllOf, 'subcategory'),
];

describe('category tree', () => {
  it('matches its JSON Schema', () => {
    const validate = new Ajv({ allErrors: true }).compile(treeSchema);
    expect(validate(tree), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('has the main categories the spec names, with 60 or more subcategories in all', () => {
    const mains = tree.categories.map((c) => c.slug);
    expect(mains).toEqual(expect.arrayContaining([
      'afval', 'civiele-constructies', 'overlast-bedrijven-en-horeca', 'overlast-in-de-openbare-ruimte',
      'overlast-op-het-water', 'overlast-van-en-door-personen-of-groepen', 'overlast-van-dieren',
      'wegen-verkeer-straatmeubilair', 'wonen', 'openbaar-groen-en-water', 'overig',
    ]));
    expect(subs.length).toBeGreaterThanOrEqual(60);
  });

  it('holds the subcategories the question sets are written for', () => {
    const slugs = subs.map(({ sub }) => sub.slug);
    expect(slugs).toEqual(expect.arrayContaining([
      'grofvuil', 'huisafval', 'puin-sloopafval', 'rolcontainer-is-kapot', 'rolcontainer-is-vol',
      'onderhuur-en-adreskwaliteit', 'leegstand', 'woningkwaliteit', 'goed-verhuurderschap', 'vakantieverhuur',
      'overlast-op-het-water-gezonken-boot', 'wespen', 'dode-dieren', 'duiven', 'meeuwen', 'ganzen', 'ratten',
      'lantaarnpaal-straatverlichting', 'klok', 'verkeerslicht', 'fietswrak', 'parkeeroverlast', 'gladheid',
      'japanse-duizendknoop', 'eikenprocessierups', 'bomen', 'bruggen', 'fietsrek-nietje',
    ]));
  });

  it('gives every main category its fallback subcategory (main slug + "-overig"; "overig" itself for the main overig)', () => {
    for (const main of tree.categories) {
      const fallback = main.slug === 'overig' ? 'overig' : `${main.slug}-overig`;
      expect(main.sub_categories.map((s) => s.slug), main.slug).toContain(fallback);
    }
  });

  it('uses each subcategory slug once in the whole tree', () => {
    const slugs = subs.map(({ sub }) => sub.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it('routes every subcategory to a department that exists, with exactly one responsible first', () => {
    const codes = new Set(tree.departments.map((d) => d.code));
    for (const { sub } of subs) {
      for (const d of sub.departments) expect(codes, `${sub.slug}: ${d.code}`).toContain(d.code);
      expect(sub.departments.filter((d) => d.is_responsible), sub.slug).toHaveLength(1);
    }
  });

  it('describes every subcategory in a sentence that helps a resident choose it', () => {
    for (const { sub } of subs) {
      expect(sub.description, sub.slug).toMatch(/^[A-Z].{10,}\.$/);
      expect(sub.description, sub.slug).not.toBe(sub.name);
    }
  });

  it('names the SLA term in each handling message, in working days or calendar days as the SLA says', () => {
    for (const { sub } of subs) {
      const { n_days: n, use_calendar_days: calendar } = sub.sla;
      const unit = calendar ? (n === 1 ? 'dag' : 'dagen') : n === 1 ? 'werkdag' : 'werkdagen';
      expect(sub.handling_message, sub.slug).toContain(`${n} ${unit}`);
    }
  });
});

describe('every subcategory resolves to a question set', () => {
  it.each(subs.map(({ main, sub }) => [`${main.slug}/${sub.slug}`, main.slug, sub.slug]))(
    '%s has a question set file',
    (_name, main, sub) => {
      const name = questionSetName(tree, main, sub);
      expect(name).toBeDefined();
      expect(setNames).toContain(name);
    },
  );

  it('a subcategory the tree does not list (added later in the back office) uses its main category’s set; an unknown main category has none', () => {
    expect(questionSetName(tree, 'afval', 'nieuw-in-de-backoffice')).toBe('afval');
    expect(questionSetName(tree, 'afval', 'container-is-vol')).toBe('afval-container');
    expect(questionSetName(tree, 'bestaat-niet', 'container-is-vol')).toBeUndefined();
  });

  it('finds no duplicate slug, unknown department or missing question-set file', () => {
    expect(categoryTreeProblems(tree, setNames)).toEqual([]);
    const broken = structuredClone(tree);
    broken.categories[0].sub_categories[0].question_set = 'afval-bestaat-niet';
    expect(categoryTreeProblems(broken, setNames)).toEqual([
      { pointer: '/categories/0/sub_categories/0/question_set', message: 'no question set "afval-bestaat-niet.json"' },
    ]);
  });

  it('resolves the main category overig to the location-only set', () => {
    expect(questionSetName(tree, 'overig', 'overig')).toBe(LOCATION_ONLY);
    expect(loadSet(LOCATION_ONLY).questions.map((q) => q.field_type)).toContain('location_select');
  });

  it.each(subs.map(({ main, sub }) => [`${main.slug}/${sub.slug}`, sub.slug]))(
    '%s shows exactly one location question (map or object choice) before anything is answered',
    (_name, sub) => {
      const ev = evaluate(sub);
      const locations = ev.visible.filter((q) => REPORT_LOCATION_TYPES.has(q.fieldType));
      expect(locations.map((q) => q.key)).toHaveLength(1);
      expect(locations[0].required).toBe(true);
    },
  );

  it('uses every question-set file for at least one subcategory', () => {
    for (const name of setNames) expect(subcategoriesOf(tree, name), name).not.toHaveLength(0);
  });

  it('puts each file under the main category of the subcategories that use it', () => {
    for (const name of setNames) {
      const mains = new Set(subcategoriesOf(tree, name).map(([main]) => main));
      expect([...mains], name).toEqual([loadSet(name).category]);
    }
  });
});

describe('subcategory conditions name real subcategories', () => {
  it.each(setNames)('%s only tests subcategories that use this set', (name) => {
    const own = new Set(subcategoriesOf(tree, name).map(([, sub]) => sub));
    for (const question of loadSet(name).questions) {
      for (const slug of subcategoryConditions(question)) expect(own, `${name}: ${question.key} → ${slug}`).toContain(slug);
    }
  });

  it.each(setNames)('%s tests the main category only against its own slug', (name) => {
    const file = loadSet(name);
    for (const question of file.questions) {
      const mains = [...conditionValues(question.meta.ifOneOf, 'category'), ...conditionValues(question.meta.ifAllOf, 'category')];
      for (const slug of mains) expect(slug, `${name}: ${question.key}`).toBe(file.category);
    }
  });
});
