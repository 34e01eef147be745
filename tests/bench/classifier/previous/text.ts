/**
 * Text features for the classifier: lower case without accents, Dutch stop words
 * dropped, a light suffix stemmer, word bigrams, and character 4-grams inside longer
 * words so that compounds ("vuilniszakken", "lantaarnpaal") share features with
 * their parts.
 */

const STOP_WORDS = new Set(
  (
    'de het een en of maar dat die dit deze er is zijn was waren wordt worden werd ben bent heb hebt heeft hebben had ' +
    'ik je jij u we wij ze zij hij men mijn mij me ons onze uw hun haar zijn zich ' +
    'in op aan bij van voor met naar om uit over door tot tegen onder tussen achter naast sinds al ook nog wel niet geen ' +
    'als dan toen omdat want dus zo zeer erg heel veel weer hier daar waar wat wie hoe waarom welke wanneer ' +
    'kan kunnen moet moeten zal zullen zou zouden wil willen mag mogen gaat gaan komt komen staat staan ligt liggen ' +
    'al alle alles iets niets iemand niemand elke elk ieder steeds vaak altijd nooit soms even graag alstublieft aub svp ' +
    'sinds sindsdien vandaag gisteren morgen nu net pas toch echt gewoon bijna meer minder'
  ).split(/\s+/),
);

export function normalize(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/** Strips common Dutch inflection so 'containers', 'container' and 'containertje' meet. */
export function stem(word: string): string {
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

export function words(text: string): string[] {
  return normalize(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !/^\d+$/.test(w));
}

export function features(text: string): string[] {
  const stems = words(text).map(stem);
  const out: string[] = [];
  stems.forEach((w, i) => {
    out.push(`w:${w}`);
    if (i > 0) out.push(`b:${stems[i - 1]}_${w}`);
    if (w.length >= 7) for (let j = 0; j + 4 <= w.length; j += 1) out.push(`c:${w.slice(j, j + 4)}`);
  });
  return out;
}
