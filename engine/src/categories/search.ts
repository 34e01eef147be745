/**
 * The subcategory search of step 1: which subcategories a resident's words find, and in which
 * order. Pure: the renderer's searchable list draws what this returns.
 *
 * Every word of the query must occur somewhere (name, keywords, description or main category,
 * without regard to accents or case). The order is by how well the name matches ('Fietswrak'
 * first for "Fietswrak", 'Ratten' first for "Rat"), then the keywords, then the description,
 * then the main category; equals keep the order they came in (alphabetical).
 */

/** What the search reads of a subcategory. */
export interface SearchableSubcategory {
  name: string;
  /** The main category's name. */
  group?: string;
  description?: string | null;
  keywords?: readonly string[];
}

/** Lower case without accents: 'Café' and 'cafe' are the same word. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('nl');
}

const wordsOf = (text: string) => foldText(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** How well one query word matches (lower is better), or undefined when it occurs nowhere. */
function wordRank(word: string, option: SearchableSubcategory): number | undefined {
  const name = foldText(option.name);
  if (name.startsWith(word)) return 1;
  if (wordsOf(option.name).some((w) => w.startsWith(word))) return 2;
  if (name.includes(word)) return 3;
  const keywords = (option.keywords ?? []).map(foldText);
  if (keywords.some((k) => k === word || k.startsWith(word) || k.split(/\s+/).some((w) => w.startsWith(word)))) return 4;
  if (keywords.some((k) => k.includes(word))) return 5;
  if (foldText(option.description ?? '').includes(word)) return 6;
  if (foldText(option.group ?? '').includes(word)) return 7;
  return undefined;
}

/**
 * How well a subcategory matches the query: 0 for its very name, higher is worse; undefined
 * when a word of the query occurs nowhere. An empty query matches everything equally.
 */
export function subcategoryRank(option: SearchableSubcategory, query: string): number | undefined {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  if (foldText(option.name) === words.join(' ')) return 0;
  let worst = 0;
  let total = 0;
  for (const word of words) {
    const rank = wordRank(word, option);
    if (rank === undefined) return undefined;
    worst = Math.max(worst, rank);
    total += rank;
  }
  // the worst word decides; the sum breaks ties between queries of several words
  return worst * 100 + total;
}

/** Whether every word of the query occurs in the subcategory's name, keywords, description or main category. */
export function matchesSubcategory(option: SearchableSubcategory, query: string): boolean {
  return subcategoryRank(option, query) !== undefined;
}

/** The subcategories the query finds, best match first (a stable sort: equals keep their order). */
export function searchSubcategories<T extends SearchableSubcategory>(options: readonly T[], query: string): T[] {
  const ranked: Array<{ option: T; rank: number; index: number }> = [];
  options.forEach((option, index) => {
    const rank = subcategoryRank(option, query);
    if (rank !== undefined) ranked.push({ option, rank, index });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.map((entry) => entry.option);
}
