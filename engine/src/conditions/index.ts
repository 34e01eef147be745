export { answerAtoms } from './answers.ts';
export { compileBlock } from './block.ts';
export type { BlockMode } from './block.ts';
export { compileVisibleIf } from './logic.ts';
export { compileVisibility } from './visibility.ts';
export { ANY_KEY } from './model.ts';
export type { AnswerReader, CompiledCondition, CompiledVisibility, VisibilityContext } from './model.ts';
export { buildDependencyGraph } from './graph.ts';
export type { DependencyGraph } from './graph.ts';
