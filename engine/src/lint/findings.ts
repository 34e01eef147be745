/**
 * The findings of a question-set draft as the studio shows them (docs/studio-api.md):
 * the JSON syntax, the schema (validateQuestionSet) and the linter (lintQuestionSet), each at a
 * JSON pointer into the whole document, in Dutch. The server answers a draft's PUT and refuses
 * a publish with these; the browser's editor runs the same function as the author types.
 */
import { extractQuestions } from '../schema/index.ts';
import { lintQuestionSet } from './lint.ts';
import type { LintProblem } from './model.ts';

export interface QuestionSetFinding {
  /** JSON pointer (RFC 6901) into the document ('' the document itself). */
  path: string;
  /** What is wrong, in Dutch. */
  message: string;
  severity: 'error' | 'warning';
  kind: 'syntax' | 'schema' | 'lint';
}

const quoted = (list: string) => list.replace(/"/g, '');

/** The schema's and the linter's English messages, said in Dutch (validate.ts's describe(), logic.ts, lint.ts). */
const DUTCH: Array<[RegExp, (...groups: string[]) => string]> = [
  [/^"(.+)" is missing$/, (name) => `"${name}" ontbreekt`],
  [/^unknown property "(.+)"$/, (name) => `onbekende eigenschap "${name}"`],
  [/^must be one of (.+)$/, (list) => `moet een van deze zijn: ${quoted(list)}`],
  [/^must be of type (.+)$/, (type) => `moet van het type ${type.replace(' or ', ' of ')} zijn`],
  [/^must be (>=|<=) (.+)$/, (op, limit) => `moet ${op === '>=' ? 'minstens' : 'hoogstens'} ${limit} zijn`],
  [/^must be (.+)$/, (value) => `moet ${value} zijn`],
  [/^needs at least (\d+) item\(s\)$/, (n) => `heeft minstens ${n} ${n === '1' ? 'element' : 'elementen'} nodig`],
  [/^allows at most (\d+) item\(s\)$/, (n) => `mag hoogstens ${n} ${n === '1' ? 'element' : 'elementen'} hebben`],
  [/^needs at least (\d+) entr(?:y|ies)$/, (n) => `heeft minstens ${n} ${n === '1' ? 'waarde' : 'waarden'} nodig`],
  [/^allows at most (\d+) entr(?:y|ies)$/, (n) => `mag hoogstens ${n} ${n === '1' ? 'waarde' : 'waarden'} hebben`],
  [/^must not be empty$/, () => 'mag niet leeg zijn'],
  [/^must be at least (\d+) characters$/, (n) => `moet minstens ${n} tekens lang zijn`],
  [/^must match (.+)$/, (pattern) => `moet passen bij ${pattern}`],
  [/^is not a known validator, or its argument is wrong$/, () => 'is geen bekende validator, of het argument klopt niet'],
  [/^must be a value, a list of values, or a nested ifOneOf \/ ifAllOf block$/, () => 'moet een waarde, een lijst van waarden of een genest ifOneOf- / ifAllOf-blok zijn'],
  [/^must be a JSON Logic rule: true, false or an object with one operator$/, () => 'moet een JSON Logic-regel zijn: true, false of een object met één operator'],
  [/^does not match any allowed form$/, () => 'heeft geen van de toegestane vormen'],
  [/^is not a valid regular expression$/, () => 'is geen geldige reguliere expressie'],
  [/^a JSON Logic operation is an object with exactly one operator$/, () => 'een JSON Logic-bewerking is een object met precies één operator'],
  [/^unknown JSON Logic operator "(.+)"$/, (op) => `onbekende JSON Logic-operator "${op}"`],
  [/^expected an array of questions, an object with "questions" or an object with "results"$/, () => 'verwacht een object met "questions" (een lijst van vragen)'],
  [/^duplicate key: question (\d+) has the same key$/, (n) => `dubbele sleutel: vraag ${n} heeft dezelfde sleutel`],
  [/^condition refers to unknown key "(.+)"$/, (key) => `de voorwaarde verwijst naar de onbekende vraag "${key}"`],
  [/^visibleIf reads unknown key "(.+)"$/, (key) => `visibleIf leest de onbekende vraag "${key}"`],
  [/^condition tests "(.+)", a (.+) that takes no answer$/, (key, type) => `de voorwaarde test "${key}", een ${type} zonder antwoord`],
  [/^condition tests "(.+)" for (.+), which is not one of its values \((.*)\)$/, (key, value, values) => `de voorwaarde test "${key}" op ${value}, maar dat is geen van de waarden (${values})`],
  [/^pathMerge on (.+), which takes no answer to send$/, (type) => `pathMerge bij een ${type}, die geen antwoord heeft om te versturen`],
  [/^blocking notice has no text telling the user why$/, () => 'de blokkerende melding heeft geen tekst die zegt waarom'],
  [/^visibility depends on its own answer$/, () => 'de zichtbaarheid hangt af van het eigen antwoord (een kringverwijzing)'],
  [/^visibility depends on itself through a cycle of questions: (.+)$/, (keys) => `de zichtbaarheid hangt via een kring van vragen van zichzelf af: ${keys}`],
  [/^this question can never be visible, whatever the answers$/, () => 'deze vraag wordt nooit getoond, wat de antwoorden ook zijn'],
];

/** An English message of the schema or the linter in Dutch (unchanged when it has no translation). */
export function dutchMessage(message: string): string {
  for (const [pattern, say] of DUTCH) {
    const match = pattern.exec(message);
    if (match) return say(...match.slice(1));
  }
  return message;
}

/** A schema problem's message starts with its pointer (lint.ts); the finding has it apart. */
const withoutPointer = (problem: LintProblem) => (problem.pointer !== undefined && problem.message.startsWith(`${problem.pointer || '/'} `) ? problem.message.slice((problem.pointer || '/').length + 1) : problem.message);

/** Where in the document a linter problem is: the schema's pointers are the document's, the linter's are the question's. */
function documentPath(problem: LintProblem, keyPaths: Map<string, string>): string {
  if (problem.rule === 'schema') return problem.pointer ?? '';
  const question = problem.key === undefined ? '' : (keyPaths.get(problem.key) ?? '');
  return question + (problem.pointer ?? '');
}

/** Every finding of a draft's text: a syntax error alone, or the schema's and the linter's. */
export function questionSetFindings(text: string): QuestionSetFinding[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return [{ path: '', severity: 'error', kind: 'syntax', message: `De tekst is geen geldige JSON: ${(error as Error).message}` }];
  }
  const { questions, basePointer } = extractQuestions(parsed);
  const keyPaths = new Map<string, string>();
  (questions ?? []).forEach((q, i) => {
    const key = q && typeof q === 'object' ? (q as { key?: unknown }).key : undefined;
    if (typeof key === 'string' && !keyPaths.has(key)) keyPaths.set(key, `${basePointer}/${i}`);
  });
  return lintQuestionSet(parsed).map((problem) => ({
    path: documentPath(problem, keyPaths),
    message: dutchMessage(withoutPointer(problem)),
    severity: problem.severity,
    kind: problem.rule === 'schema' ? 'schema' : 'lint',
  }));
}

/** Whether a draft may be published: no finding is an error. */
export const publishable = (findings: readonly QuestionSetFinding[]): boolean => findings.every((f) => f.severity !== 'error');
