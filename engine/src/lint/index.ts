export { lintQuestionSet } from './lint.ts';
export type { LintOptions } from './lint.ts';
export { formatLintProblem } from './model.ts';
export type { LintProblem, LintRule } from './model.ts';
export { neverVisibleQuestions } from './reachability.ts';
export { questionSetFindings, publishable, dutchMessage } from './findings.ts';
export type { QuestionSetFinding } from './findings.ts';
