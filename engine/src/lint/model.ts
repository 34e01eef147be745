/** One finding of the question-set linter. */
export interface LintProblem {
  /** File the question set came from, when known. */
  file?: string;
  /** Key of the question the problem is in; absent for file-level problems. */
  key?: string;
  /** JSON pointer into the file, when known. */
  pointer?: string;
  /** Which check found it. */
  rule: LintRule;
  /** Plain description of the problem. */
  message: string;
  severity: 'error' | 'warning';
}

export type LintRule =
  | 'schema'
  | 'duplicate-key'
  | 'unknown-key'
  | 'impossible-value'
  | 'cycle'
  | 'never-visible'
  | 'path-merge-display'
  | 'blocking-without-text';

/** `file key: message` — one line per problem. */
export function formatLintProblem(problem: LintProblem): string {
  const where = [problem.file, problem.key].filter(Boolean).join(' ');
  const level = problem.severity === 'error' ? 'error' : 'warning';
  return `${where || '(question set)'}: ${level}: ${problem.message} [${problem.rule}]`;
}
