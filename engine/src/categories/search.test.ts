import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchesSubcategory, searchSubcategories, type SearchableSubcategory } from './index.ts';

interface TreeFile {
  categories: Array<{ name: string; is_active?: boolean; sub_categories: Array<{ name: string; is_active?: boolean; description?: string; keywords?: string[] }> }>;
}

/** The subcategories of the product's own tree, as the app lists them (main category as group, by name). */
const tree = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../question-sets/categories.json'), 'utf8')) as TreeFile;
const collator = new Intl.Collator('nl');
const options: SearchableSubcategory[] = tree.categories.flatMap((main) =>
  main.sub_categories
    .filter((sub) => sub.is_active !== false)
    .map((sub) => ({ name: sub.name, group: main.name, description: sub.description, keywords: sub.keywords ?? [] }))
    .sort((a, b) => collator.compare(a.name, b.name)),
);
const names = (query: string) => searchSubcategories(options, query).map((option) => option.name);

describe('the subcategory search', () => {
  it("puts the subcategory whose name is the query first: 'Fietswrak' for \"Fietswrak\"", () => {
    expect(names('Fietswrak')[0]).toBe('Fietswrak');
    expect(names('fietswrak')[0]).toBe('Fietswrak');
  });

  it("puts a name that starts with the query before names that only contain it: 'Ratten' for \"Rat\"", () => {
    expect(names('Rat')[0]).toBe('Ratten');
  });

  it('ranks a match in the name above one in the keywords, and both above one in the main category only', () => {
    const list: SearchableSubcategory[] = [
      { name: 'Overig', group: 'Boomverzorging' },
      { name: 'Snoeien', group: 'Groen', keywords: ['boom'] },
      { name: 'Boom omgevallen', group: 'Groen' },
    ];
    expect(searchSubcategories(list, 'boom').map((o) => o.name)).toEqual(['Boom omgevallen', 'Snoeien', 'Overig']);
  });

  it('finds only what has every word, without regard to accents or case, and keeps the order of equals', () => {
    const list: SearchableSubcategory[] = [{ name: 'Café terras' }, { name: 'Caféoverlast' }, { name: 'Bank' }];
    expect(searchSubcategories(list, 'CAFE').map((o) => o.name)).toEqual(['Café terras', 'Caféoverlast']);
    expect(matchesSubcategory({ name: 'Café terras' }, 'cafe fiets')).toBe(false);
    expect(searchSubcategories(list, '').map((o) => o.name)).toEqual(['Café terras', 'Caféoverlast', 'Bank']);
  });
});
