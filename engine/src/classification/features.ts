/**
 * The features the category classifier reads from a resident's text: words (lightly
 * stemmed), pairs of neighbouring words, and the character 3- to 5-grams of each
 * word. The words carry what a resident names ('prullenbak', 'gracht') and its state
 * ('kapot', 'vol', 'los', 'scheef'); the pairs carry the two together ('prullenbak
 * kapot'); the character grams let a misspelling ('prullebak') or a compound
 * ('lantaarnpaal', 'stoeptegel', 'plasticbak') share features with the words it is
 * made of. Pure functions, no state.
 */

/**
 * Words that say nothing about the category. 'niet', 'geen', 'open', 'dicht',
 * 'meer' are kept: 'gaat niet open', 'brandt niet', 'niet geleegd' are what a
 * report is about.
 */
const STOP_WORDS = new Set(
  (
    'de het een en of maar dat die dit deze er is zijn was waren wordt worden werd ben bent heb hebt heeft hebben had ' +
    'ik je jij u we wij ze zij hij men mijn mij me ons onze uw hun haar zich m z zn mn d t s n ' +
    'in op aan bij van voor met naar om uit over door tot tegen onder tussen achter naast te ' +
    'als dan toen omdat want dus zo zeer erg heel hier daar waar wat wie hoe waarom welke wanneer ' +
    'kan kunnen moet moeten zal zullen zou zouden wil willen mag mogen ' +
    'al alle alles iets niets iemand niemand elke elk ieder even graag alstublieft aub svp ' +
    'vandaag gisteren morgen nu net pas toch echt gewoon bijna ook nog wel weer sinds sindsdien'
  ).split(/\s+/),
);

/** Lower case, accents off, apostrophes dropped ("z'n" → 'zn'), everything else but letters and digits a space. */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Strips common Dutch inflection so 'containers', 'container' and 'containertje' meet. */
export function stemWord(word: string): string {
  let w = word;
  for (const suffix of ['etjes', 'tjes', 'jes', 'heden', 'ingen', 'eren', 'ende', 'ens', 'en', 'es', 'je', 'e', 's']) {
    if (w.length - suffix.length >= 4 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  // Double consonant at the end after stripping (bakk → bak).
  if (/([bdfgklmnprst])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** The words of a text that carry meaning: no stop words, no bare numbers, at least two letters. */
export function contentWords(text: string): string[] {
  const normalized = normalizeText(text);
  if (!normalized) return [];
  return normalized.split(' ').filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !/^\d+$/.test(w));
}

/** The three kinds of feature, each weighed as a group (see `FeatureWeights`). */
export type FeatureGroup = 'w' | 'b' | 'c';

/**
 * The features of a text with how often each occurs, keyed `w:stem`, `b:stem_stem`
 * and `c:gram` (character grams of a word framed by '<' and '>').
 */
export function textFeatures(text: string, minGram = 3, maxGram = 5): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (f: string) => counts.set(f, (counts.get(f) ?? 0) + 1);
  const words = contentWords(text);
  const stems = words.map(stemWord);
  stems.forEach((stem, i) => {
    add(`w:${stem}`);
    if (i > 0) add(`b:${stems[i - 1]}_${stem}`);
    const framed = `<${words[i]}>`;
    for (let n = minGram; n <= maxGram; n += 1) for (let j = 0; j + n <= framed.length; j += 1) add(`c:${framed.slice(j, j + n)}`);
  });
  return counts;
}
