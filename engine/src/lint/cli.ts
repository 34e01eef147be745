import { existsSync } from 'node:fs';
import { lintDirectory } from './files.node.ts';
import { formatLintProblem } from './model.ts';

/** `npm run questions:check [dir]`: lints every question set; exits 1 on any error. */
export function main(args: string[], out: (line: string) => void = console.log): number {
  const dir = args[0] ?? 'question-sets';
  if (!existsSync(dir)) {
    out(`questions:check: directory not found: ${dir}`);
    return 2;
  }
  const { files, skipped, problems } = lintDirectory(dir);
  for (const problem of problems) out(formatLintProblem(problem));
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const other = skipped.length ? ` (${skipped.length} other JSON file(s) skipped: ${skipped.join(', ')})` : '';
  out(`questions:check: ${files.length} file(s), ${errors} error(s), ${warnings} warning(s)${other}`);
  return errors > 0 ? 1 : 0;
}

const invokedDirectly = process.argv[1] && /lint[\\/]cli\.ts$/.test(process.argv[1]);
if (invokedDirectly) process.exitCode = main(process.argv.slice(2));
