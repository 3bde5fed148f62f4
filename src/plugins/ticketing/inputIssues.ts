/**
 * Validation of untyped input (a template's YAML, a GraphQL JSON value) into the ticketing
 * contract's typed values. Every problem carries the path of the value it is about, so the
 * template importer can name the line of that value, and a caller sees every problem at once.
 */

export type IssuePath = readonly (string | number)[];

export interface InputIssue {
  readonly path: IssuePath;
  readonly message: string;
}

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issues: readonly InputIssue[] };

/** `states[2].name`-style text for a path (messages without a line). */
export function pathText(path: IssuePath): string {
  let text = '';
  for (const part of path) text += typeof part === 'number' ? `[${part}]` : text === '' ? part : `.${part}`;
  return text === '' ? '(document)' : text;
}

/** Collects issues while a value is read; the readers return a placeholder on failure and the caller checks `issues` at the end. */
export class IssueList {
  readonly issues: InputIssue[] = [];

  add(path: IssuePath, message: string): void {
    this.issues.push({ path, message });
  }

  get empty(): boolean {
    return this.issues.length === 0;
  }

  /** A plain object (not an array, not null) whose keys are all in `allowed`; undefined (and an issue) otherwise. */
  record(value: unknown, path: IssuePath, allowed: readonly string[]): Record<string, unknown> | undefined {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      this.add(path, 'must be a mapping');
      return undefined;
    }
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) this.add([...path, key], `unknown field "${key}" (expected one of: ${allowed.join(', ')})`);
    }
    return value as Record<string, unknown>;
  }

  list(value: unknown, path: IssuePath, max: number): readonly unknown[] {
    if (!Array.isArray(value)) {
      this.add(path, 'must be a list');
      return [];
    }
    if (value.length > max) {
      this.add(path, `has ${value.length} entries; at most ${max} are allowed`);
      return [];
    }
    return value;
  }

  /** A trimmed, non-empty string of at most `max` characters. */
  name(value: unknown, path: IssuePath, max = 100): string {
    if (typeof value !== 'string' || value.trim() === '') {
      this.add(path, 'must be a non-empty string');
      return '';
    }
    const trimmed = value.trim();
    if (trimmed.length > max) this.add(path, `must be at most ${max} characters`);
    return trimmed;
  }

  /** A string or absent/null (null); at most `max` characters. */
  optionalText(value: unknown, path: IssuePath, max: number): string | null {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') {
      this.add(path, 'must be a string');
      return null;
    }
    if (value.length > max) this.add(path, `must be at most ${max} characters`);
    return value;
  }

  oneOf<T extends string>(value: unknown, path: IssuePath, allowed: readonly T[]): T {
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
      this.add(path, `must be one of ${allowed.join(', ')}`);
      return allowed[0]!;
    }
    return value as T;
  }

  /** A whole number in [min, max]. */
  integer(value: unknown, path: IssuePath, min: number, max: number): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.add(path, `must be a whole number from ${min} to ${max}`);
      return min;
    }
    return value;
  }

  /** Names that must be unique within a list: an issue at each repeat. */
  unique(names: readonly string[], path: (index: number) => IssuePath, what: string): void {
    const seen = new Set<string>();
    names.forEach((name, index) => {
      if (name === '') return;
      if (seen.has(name)) this.add(path(index), `${what} "${name}" is defined more than once`);
      seen.add(name);
    });
  }

  result<T>(value: T): Checked<T> {
    return this.empty ? { ok: true, value } : { ok: false, issues: this.issues };
  }
}
