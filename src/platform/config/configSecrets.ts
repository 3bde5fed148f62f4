/**
 * The secret values among the settings, for the log to keep out of every line (src/platform/log/
 * redaction.ts). Iterable, so `logger.redact(config.secrets)` registers them; printed (JSON,
 * `util.inspect`, a string) it shows `[redacted]`, so a configuration dumped for a diagnosis does not
 * carry the very values it lists.
 */
import { inspect } from 'node:util';

export class ConfigSecrets implements Iterable<string> {
  readonly #values: readonly string[];

  constructor(values: readonly string[]) {
    this.#values = [...values];
  }

  [Symbol.iterator](): Iterator<string> {
    return this.#values[Symbol.iterator]();
  }

  get size(): number {
    return this.#values.length;
  }

  toJSON(): string {
    return '[redacted]';
  }

  toString(): string {
    return '[redacted]';
  }

  [inspect.custom](): string {
    return '[redacted]';
  }
}
