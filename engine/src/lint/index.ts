export { lintQuestionSet } from './lint.ts';
export type { LintOptions } from './lint.ts';
export { formatLintProblem } from './model.ts';
export type { LintProblem, LintRule } from './model.ts';
export { neverVisibleQuestions } from './reachability.ts';
