/**
 * A module's settings: a typed slice of the configuration it declares (`ProductModule.settings`),
 * read from the environment and validated with the platform's settings by `loadConfig`, its problems
 * reported with theirs in one ConfigError. The slice's value is `config[key]`; the module names its
 * type by augmenting `Config` beside its declaration:
 *
 *     declare module '../../platform/config/config.js' {
 *       interface Config { readonly sla: SlaConfig }
 *     }
 */

export type Environment = 'production' | 'development';

export interface SettingsReader {
  /** The variable's value trimmed; undefined when unset or blank. */
  read(name: string): string | undefined;
  /** The variable as set, untrimmed (secrets). */
  raw(name: string): string | undefined;
  readonly env: Environment;
  /** A problem with a setting: the message names the variable and what is wrong with it. */
  problem(message: string): void;
  /** A value read that is a secret: the log never shows it (`Config.secrets`, src/platform/log/redaction.ts). */
  secret(value: string | undefined): void;
}

export interface SettingsSlice<K extends string = string, T = unknown> {
  /** Its key in `Config`; unique among the platform's and every module's. */
  readonly key: K;
  /** Reads and validates its variables; reports each problem and returns a usable value regardless. */
  load(settings: SettingsReader): T;
}

export function defineSettings<const K extends string, T>(key: K, load: (settings: SettingsReader) => T): SettingsSlice<K, T> {
  return { key, load };
}
