/**
 * Reading a template's YAML as a worker task (src/platform/workers): parsing a large document takes the
 * `yaml` package a good part of a second, or more on a busy machine, which must not stall the event
 * loop. Pure: the text in, the plain value (or the problems with their lines) out. The lines of
 * validation issues are asked for in a second task, only when there are issues (`paths`).
 */
import type { IssuePath } from '../inputIssues.js';
import { readYaml, type YamlProblem } from './safeYaml.js';

export interface TemplateYamlTask {
  readonly type: 'templateYaml';
  readonly text: string;
  /** Paths whose lines to answer in `lines` (validation issues); null: the value. */
  readonly paths: readonly IssuePath[] | null;
}

export interface TemplateYamlResult {
  readonly type: 'templateYaml';
  readonly ok: boolean;
  /** The document as plain values (ok, without `paths`). */
  readonly value: unknown;
  readonly problems: readonly YamlProblem[];
  /** The line and column of each of `paths`. */
  readonly lines: readonly { readonly line: number; readonly column: number }[];
}

export function readTemplateYaml(task: TemplateYamlTask): TemplateYamlResult {
  const read = readYaml(task.text);
  if (!read.ok) return { type: 'templateYaml', ok: false, value: null, problems: read.problems, lines: [] };
  if (task.paths !== null) return { type: 'templateYaml', ok: true, value: null, problems: [], lines: task.paths.map(read.lineOf) };
  return { type: 'templateYaml', ok: true, value: read.value, problems: [], lines: [] };
}

/** The task kind, in the platform's registry (the worker threads' entry, src/productWorker.ts, runs its handler). */
declare module '../../../platform/workers/productTasks.js' {
  interface WorkerTaskKinds {
    templateYaml: { task: TemplateYamlTask; result: TemplateYamlResult };
  }
}
