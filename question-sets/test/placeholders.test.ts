/**
 * Every `{placeholder}` in a question set has a value: `{incident.…}` from the draft,
 * `{phone}` and `{hours}` from the app's configuration. A misspelt or unknown one
 * would reach the resident as 'onbekend' (e.g. 'Bel direct onbekend'). That the
 * configuration gives `{phone}` and `{hours}` a value: src/config/placeholders.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLASSIFIER_EXAMPLES_FOLDER, isKnownPlaceholder, placeholdersIn } from '@meldloket/engine';
import { FOLDER } from './support.ts';

/** Every question-set file under the folder (sub-folders too), by its path relative to it. */
const files = (readdirSync(FOLDER, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.json') && !path.basename(file).startsWith('categories') && !file.startsWith('test') && !file.startsWith(`${CLASSIFIER_EXAMPLES_FOLDER}/`))
  .sort();

/** Every string in a JSON value with its JSON pointer. */
function* strings(value: unknown, pointer = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [pointer, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, `${pointer}/${i}`);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* strings(v, `${pointer}/${k}`);
}

describe('placeholders in the question sets', () => {
  it('are found in the sets that tell the resident to call', () => {
    const used = files.flatMap((file) => [...strings(JSON.parse(readFileSync(path.join(FOLDER, file), 'utf8')))].flatMap(([, text]) => placeholdersIn(text)));
    expect(used).toContain('phone');
  });

  it.each(files)('%s uses only placeholders that have a value', (file) => {
    const json = JSON.parse(readFileSync(path.join(FOLDER, file), 'utf8'));
    const unknown = [...strings(json)].flatMap(([pointer, text]) =>
      placeholdersIn(text)
        .filter((name) => !isKnownPlaceholder(name))
        .map((name) => `${file} ${pointer}: {${name}} has no value`),
    );
    expect(unknown).toEqual([]);
  });

  it('an unknown placeholder is caught', () => {
    expect(placeholdersIn('Bel {phnoe} of {incident.email}').filter((n) => !isKnownPlaceholder(n))).toEqual(['phnoe']);
  });
});
