import { messages } from '../messages/index.ts';
import type { Answers, Question } from '../schema/types.ts';
import { compileQuestionSet, type CompiledForm } from './compile.ts';
import { UnitQueue } from './heap.ts';
import type { EvaluatedQuestion, Evaluation, EvaluationStats, Form, FormContext } from './types.ts';

const EMPTY: Answers = Object.freeze({}) as Answers;

interface State {
  answers: Answers;
  isAuthenticated: boolean;
  nowMs: number | undefined;
  result: Evaluation | undefined;
}

/**
 * Compile a question set once (schema check, condition predicates,
 * dependency graph) into a form that evaluates answers. Each evaluation
 * recomputes only the questions that read a changed answer, and the
 * questions that read those, and so on.
 */
export function createForm(questionSet: unknown, context: FormContext = {}, options: { file?: string } = {}): Form {
  const form: CompiledForm = compileQuestionSet(questionSet, options.file);
  const { compiled, graph, byKey } = form;
  const n = compiled.length;
  const visible = new Array<boolean>(n).fill(false);
  const errors = new Array<string | undefined>(n).fill(undefined);
  const evaluated = new Array<EvaluatedQuestion | undefined>(n).fill(undefined);
  const keyVisible = new Map<string, boolean>();
  let blockingCount = 0;
  let state: State | undefined;
  let stats: EvaluationStats = { full: true, visibilityChecks: 0, validations: 0, recomputedKeys: [] };

  function isKeyVisible(key: string): boolean {
    return (byKey.get(key) ?? []).some((i) => visible[i]);
  }

  function evaluate(answersIn: Answers, contextIn?: FormContext): Evaluation {
    const answers = answersIn && typeof answersIn === 'object' ? answersIn : EMPTY;
    const ctx = { ...context, ...contextIn };
    const isAuthenticated = ctx.isAuthenticated === true;
    const now = ctx.now instanceof Date && !Number.isNaN(ctx.now.getTime()) ? ctx.now : undefined;
    const nowMs = now?.getTime();
    const env = { now };

    const queue = new UnitQueue(graph.units.length);
    const toValidate = new Set<number>();
    const recomputed = new Set<number>();
    let visibilityChecks = 0;
    let validations = 0;
    let listChanged = false;

    const full = !state || state.isAuthenticated !== isAuthenticated;
    if (full) {
      for (let u = 0; u < graph.units.length; u++) queue.push(u);
      for (let i = 0; i < n; i++) toValidate.add(i);
      listChanged = true;
    } else {
      const prev = state!.answers;
      const changedKeys = new Set<string>();
      for (const key of Object.keys(answers)) if (!Object.is(answers[key], prev[key])) changedKeys.add(key);
      for (const key of Object.keys(prev)) if (!(key in answers) && prev[key] !== undefined) changedKeys.add(key);
      if (changedKeys.size > 0) for (const u of graph.readsAnyKey) queue.push(u);
      for (const key of changedKeys) {
        const own = byKey.get(key);
        if (own) for (const i of own) toValidate.add(i);
        // A hidden question's answer reads as absent: changing it changes nothing,
        // except inside a cycle through that question (settled from all-shown).
        const hidden = own !== undefined && !keyVisible.get(key);
        for (const u of graph.dependentsOf(key)) {
          if (!hidden || own.some((i) => graph.unitOf[i] === u)) queue.push(u);
        }
      }
      if (state!.nowMs !== nowMs) for (let i = 0; i < n; i++) if (visible[i]) toValidate.add(i);
    }

    const read = (key: string): unknown => (byKey.has(key) && !keyVisible.get(key) ? undefined : answers[key]);

    const setVisible = (i: number, value: boolean, touchedKeys: Set<string>) => {
      if (visible[i] === value) return;
      visible[i] = value;
      listChanged = true;
      toValidate.add(i);
      touchedKeys.add(compiled[i].key);
      keyVisible.set(compiled[i].key, isKeyVisible(compiled[i].key));
    };

    while (queue.size > 0) {
      const u = queue.pop();
      const members = graph.units[u];
      const before = new Map<string, boolean>();
      for (const i of members) before.set(compiled[i].key, keyVisible.get(compiled[i].key) === true);
      const touched = new Set<string>();
      if (!graph.cyclic[u]) {
        const i = members[0];
        visibilityChecks++;
        recomputed.add(i);
        setVisible(i, compiled[i].visibility.isVisible(read, ctx), touched);
      } else {
        // Questions that read each other: start from all shown and settle.
        for (const i of members) setVisible(i, true, touched);
        for (let round = 0; round <= members.length; round++) {
          let changed = false;
          for (const i of members) {
            visibilityChecks++;
            recomputed.add(i);
            const v = compiled[i].visibility.isVisible(read, ctx);
            if (v !== visible[i]) {
              setVisible(i, v, touched);
              changed = true;
            }
          }
          if (!changed) break;
        }
      }
      for (const key of touched) {
        if (before.get(key) === (keyVisible.get(key) === true)) continue;
        for (const dependent of graph.dependentsOf(key)) if (dependent !== u) queue.push(dependent);
      }
    }

    for (const i of toValidate) {
      const c = compiled[i];
      const wasBlocking = evaluated[i]?.blocking === true;
      let error: string | undefined;
      if (visible[i]) {
        validations++;
        error = c.validators.validate(answers[c.key], env);
      }
      const blocking = visible[i] && c.validators.blocking;
      if (blocking !== wasBlocking) blockingCount += blocking ? 1 : -1;
      if (error !== errors[i] || blocking !== wasBlocking || !evaluated[i]) {
        errors[i] = error;
        listChanged = listChanged || visible[i] || blocking !== wasBlocking;
        evaluated[i] = {
          key: c.key,
          fieldType: c.fieldType,
          question: c.question,
          required: c.validators.required,
          ...(error !== undefined && { error }),
          ...(blocking && { blocking: true }),
        };
      }
    }

    let visibleList: EvaluatedQuestion[];
    let visibleKeys: string[];
    let errorMap: Record<string, string>;
    if (listChanged || !state?.result) {
      visibleList = [];
      visibleKeys = [];
      errorMap = {};
      for (let i = 0; i < n; i++) {
        if (!visible[i]) continue;
        visibleList.push(evaluated[i]!);
        visibleKeys.push(compiled[i].key);
        if (errors[i] !== undefined && !(compiled[i].key in errorMap)) errorMap[compiled[i].key] = errors[i]!;
      }
    } else {
      ({ visible: visibleList, visibleKeys, errors: errorMap } = state.result);
    }

    const effectiveAnswers: Answers = {};
    for (const key of Object.keys(answers)) {
      if (byKey.has(key) && !keyVisible.get(key)) continue;
      if (answers[key] !== undefined) effectiveAnswers[key] = answers[key];
    }

    const hasErrors = Object.keys(errorMap).length > 0;
    const blocked = blockingCount > 0;
    const result: Evaluation = {
      visible: visibleList,
      visibleKeys,
      errors: errorMap,
      blocked,
      canAdvance: !hasErrors && !blocked,
      ...(hasErrors ? { globalMessage: messages.globalInvalid } : blocked ? { globalMessage: messages.blocking } : {}),
      ...(blocked && { blockingMessage: messages.blocking }),
      effectiveAnswers,
    };
    stats = {
      full,
      visibilityChecks,
      validations,
      recomputedKeys: [...recomputed].sort((a, b) => a - b).map((i) => compiled[i].key),
    };
    state = { answers, isAuthenticated, nowMs, result };
    return result;
  }

  return {
    questions: form.questions as readonly Question[],
    evaluate,
    get lastStats() {
      return stats;
    },
  };
}
