/**
 * Text the database cannot store: the NUL character (U+0000) in text or jsonb, and a lone
 * UTF-16 surrogate (`\ud800` without its partner) in jsonb. An insert or even a lookup with
 * one fails inside the database, so such input is refused up front as the client's mistake
 * (http/null-characters.ts does it for every request; services check what they read elsewhere).
 */
import { invalid, type DomainError } from './errors.ts';

/** Django's ProhibitNullCharactersValidator message, in Dutch. */
export const NULL_CHARACTERS = 'Null-tekens zijn niet toegestaan.';

/** A lone surrogate: a high one not followed by a low one, or a low one not preceded by a high one. */
export const LONE_SURROGATE = 'Ongeldige tekens: een losse UTF-16-surrogaat is niet toegestaan.';
const LONE_SURROGATE_RE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasNul = (text: string) => text.includes('\u0000');
const badText = (text: string): string | undefined => (hasNul(text) ? NULL_CHARACTERS : LONE_SURROGATE_RE.test(text) ? LONE_SURROGATE : undefined);

/** The first string or key the database cannot store: its top-level key and the message. */
function firstBadText(value: unknown, top: string | number | undefined): { top: string | number | undefined; message: string } | undefined {
  if (typeof value === 'string') {
    const message = badText(value);
    return message ? { top, message } : undefined;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = firstBadText(value[i], top ?? i);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const message = badText(key);
      if (message) return { top: top ?? key, message };
      const found = firstBadText(item, top ?? key);
      if (found) return found;
    }
  }
  return undefined;
}

/** The DRF-shaped 400: under the top-level field that holds the bad text, else non_field_errors. */
export function nulError(body: unknown): DomainError | undefined {
  const found = firstBadText(body, undefined);
  if (!found) return undefined;
  const field = typeof found.top === 'string' && !Array.isArray(body) ? found.top : 'non_field_errors';
  return invalid({ [field]: [found.message] });
}
