import { buildDependencyGraph, compileVisibility, type CompiledVisibility, type DependencyGraph } from '../conditions/index.ts';
import { fieldTypeOfCode } from '../schema/index.ts';
import type { FieldType, Question } from '../schema/types.ts';
import { compileValidators, type CompiledValidators } from '../validators/index.ts';

export interface CompiledQuestion {
  index: number;
  key: string;
  fieldType: FieldType;
  question: Question;
  visibility: CompiledVisibility;
  validators: CompiledValidators;
}

export interface CompiledForm {
  questions: Question[];
  compiled: CompiledQuestion[];
  graph: DependencyGraph;
  /** Question indices by key (a key may be used by more than one question). */
  byKey: Map<string, number[]>;
}

/** The field type with Signalen codes resolved (question_header → header). */
export function resolveFieldType(code: string): FieldType {
  return fieldTypeOfCode(code) ?? (code as FieldType);
}

/**
 * Compiles questions already checked against the schema (by the build, the
 * question-set tests or the server at start), without the schema check: the
 * browser then needs neither the validator nor its code.
 */
export function compileQuestions(questions: Question[]): CompiledForm {
  const byKey = new Map<string, number[]>();
  questions.forEach((q, i) => {
    const list = byKey.get(q.key);
    if (list) list.push(i);
    else byKey.set(q.key, [i]);
  });
  // A visibleIf rule with a computed variable name may read any question's answer or the category.
  const allKeys = () => [...byKey.keys(), 'category', 'subcategory'];
  const compiled = questions.map((question, index): CompiledQuestion => {
    const fieldType = resolveFieldType(question.field_type);
    return {
      index,
      key: question.key,
      fieldType,
      question,
      visibility: compileVisibility(question, allKeys),
      validators: compileValidators(question, fieldType),
    };
  });
  const graph = buildDependencyGraph(compiled.map((c) => ({ key: c.key, deps: c.visibility.deps })));
  return { questions, compiled, graph, byKey };
}
