import { validateQuestionSet } from '../schema/index.ts';
import { buildDependencyGraph, compileVisibility, compileVisibleIf, logicLeaves, normalizeConditions, valueLeaves, ANY_KEY } from '../conditions/index.ts';
import type { Question } from '../schema/types.ts';
import { DISPLAY_ONLY_TYPES } from '../schema/index.ts';
import { CONTEXT_KEYS, domainOf, fieldTypeOf } from './domain.ts';
import type { LintProblem } from './model.ts';
import { neverVisibleQuestions } from './reachability.ts';

export interface LintOptions {
  file?: string;
}

const isQuestionLike = (q: unknown): q is Question =>
  !!q && typeof q === 'object' && typeof (q as Question).key === 'string' && !!(q as Question).meta && typeof (q as Question).meta === 'object';

function isBlocking(question: Question): boolean {
  const validators = Array.isArray(question.meta.validators) ? question.meta.validators : [];
  return question.meta.isBlocking === true || validators.some((v) => v === 'isBlocking' || (Array.isArray(v) && v[0] === 'isBlocking'));
}

const show = (value: unknown) => JSON.stringify(value);

/**
 * Lints one question set: schema errors, then duplicate keys, conditions on
 * unknown keys or impossible values, dependency cycles, questions that can
 * never be visible, pathMerge on display-only types and blocking notices
 * without text.
 */
export function lintQuestionSet(json: unknown, options: LintOptions = {}): LintProblem[] {
  const { file } = options;
  const problems: LintProblem[] = [];
  const report = (p: Omit<LintProblem, 'file' | 'severity'> & { severity?: LintProblem['severity'] }) =>
    problems.push({ ...(file === undefined ? {} : { file }), severity: 'error', ...p });

  const validation = validateQuestionSet(json, { file });
  for (const error of validation.errors) report({ key: error.key, pointer: error.pointer, rule: 'schema', message: `${error.pointer || '/'} ${error.message}` });

  const questions = validation.questions.filter(isQuestionLike);
  const firstIndex = new Map<string, number>();
  questions.forEach((q, i) => {
    if (firstIndex.has(q.key)) report({ key: q.key, rule: 'duplicate-key', message: `duplicate key: question ${firstIndex.get(q.key)! + 1} has the same key` });
    else firstIndex.set(q.key, i);
  });
  const byKey = (key: string) => {
    const i = firstIndex.get(key);
    return i === undefined ? undefined : questions[i];
  };

  for (const question of questions) {
    // Conditions set aside by ignoreVisibility are still checked: they are written, so they should be right.
    const condition = normalizeConditions({ ...question.meta, ignoreVisibility: false });
    const leaves = valueLeaves(condition);
    for (const leaf of leaves) {
      if (CONTEXT_KEYS.has(leaf.key)) continue;
      const target = byKey(leaf.key);
      if (!target) {
        report({ key: question.key, pointer: leaf.pointer, rule: 'unknown-key', message: `condition refers to unknown key "${leaf.key}"` });
        continue;
      }
      const domain = domainOf(target);
      if (domain.arity === 'none') {
        report({
          key: question.key,
          pointer: leaf.pointer,
          rule: 'impossible-value',
          message: `condition tests "${leaf.key}", a ${fieldTypeOf(target)} that takes no answer`,
        });
        continue;
      }
      if (!domain.values) continue;
      for (const value of leaf.values) {
        if (!domain.values.has(value)) {
          report({
            key: question.key,
            pointer: leaf.pointer,
            rule: 'impossible-value',
            message: `condition tests "${leaf.key}" for ${show(value)}, which is not one of its values (${[...domain.values].map(show).join(', ')})`,
          });
        }
      }
    }

    const logicDeps = new Set(logicLeaves(condition).flatMap((leaf) => [...compileVisibleIf(leaf.rule, () => [])!.deps]));
    for (const dep of logicDeps) {
      if (dep === ANY_KEY || CONTEXT_KEYS.has(dep) || byKey(dep)) continue;
      report({ key: question.key, pointer: '/meta/visibleIf', rule: 'unknown-key', message: `visibleIf reads unknown key "${dep}"` });
    }

    const type = fieldTypeOf(question);
    if (question.meta.pathMerge && DISPLAY_ONLY_TYPES.has(type)) {
      report({ key: question.key, pointer: '/meta/pathMerge', rule: 'path-merge-display', message: `pathMerge on ${type}, which takes no answer to send` });
    }
    if (isBlocking(question) && type === 'plain_text') {
      const text = question.meta.value;
      if (typeof text !== 'string' || text.trim() === '') {
        report({ key: question.key, pointer: '/meta/value', rule: 'blocking-without-text', message: 'blocking notice has no text telling the user why' });
      }
    }
  }

  const allKeys = () => firstIndex.keys();
  const graph = buildDependencyGraph(questions.map((q) => ({ key: q.key, deps: compileVisibility(q, allKeys).deps })));
  graph.units.forEach((unit, u) => {
    if (!graph.cyclic[u]) return;
    const keys = unit.map((i) => questions[i].key);
    const readsAny = unit.some((i) => compileVisibility(questions[i], allKeys).deps.has(ANY_KEY));
    report({
      key: keys[0],
      rule: 'cycle',
      severity: readsAny ? 'warning' : 'error',
      message: keys.length === 1 ? 'visibility depends on its own answer' : `visibility depends on itself through a cycle of questions: ${keys.join(', ')}`,
    });
  });

  for (const index of neverVisibleQuestions(questions)) {
    report({ key: questions[index].key, rule: 'never-visible', message: 'this question can never be visible, whatever the answers' });
  }
  return problems;
}
