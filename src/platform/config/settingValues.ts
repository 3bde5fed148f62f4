/**
 * How a setting's text becomes a value: a comma list, a whole number in a range, a boolean, one of a few
 * words. Shared by `loadConfig` and the modules that read a group of the platform's settings, so every
 * setting is parsed the same way and every problem names the setting in the same words.
 */

export type EnvSource = Readonly<Record<string, string | undefined>>;

/** A setting's value trimmed; undefined when unset or blank. */
export type ReadSetting = (name: string) => string | undefined;

export function list(value: string | undefined): string[] {
  return value === undefined
    ? []
    : value
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
}

export function integer(
  value: string | undefined,
  name: string,
  range: { min: number; max: number; fallback: number },
  problems: string[],
): number {
  if (value === undefined) return range.fallback;
  if (!/^\d+$/.test(value)) {
    problems.push(`${name} must be a whole number, got "${value}"`);
    return range.fallback;
  }
  const n = Number(value);
  if (n < range.min || n > range.max) {
    problems.push(`${name} must be between ${range.min} and ${range.max}, got ${n}`);
    return range.fallback;
  }
  return n;
}

export function boolean(value: string | undefined, name: string, problems: string[]): boolean {
  if (value === undefined) return false;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  problems.push(`${name} must be true or false, got "${value}"`);
  return false;
}

export function oneOf<const T extends string>(value: string, allowed: readonly T[], name: string, problems: string[]): T | undefined {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  problems.push(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return undefined;
}
