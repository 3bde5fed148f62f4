/** An environment as a form: a name and the roots of its subtrees, one node path per line. */
export interface EnvironmentValues {
  name: string;
  description: string;
  /** One nodeId path per line. */
  paths: string;
}

export type EnvironmentErrors = Partial<Record<keyof EnvironmentValues, string>>;

export function parsePaths(text: string): string[] {
  return [
    ...new Set(
      text
        .split('\n')
        .map((line) => line.trim().replace(/^\/+|\/+$/g, ''))
        .filter((line) => line !== ''),
    ),
  ];
}

export function validateEnvironment(values: EnvironmentValues): EnvironmentErrors {
  const errors: EnvironmentErrors = {};
  if (values.name.trim() === '') errors.name = 'Name the environment, e.g. "production".';
  const paths = parsePaths(values.paths);
  if (paths.length === 0) errors.paths = 'List at least one node path, e.g. eu-west/prod: the environment is everything at or below it.';
  else if (paths.some((path) => /\s/.test(path))) errors.paths = 'A node path has no spaces; put one path on each line.';
  return errors;
}

export function environmentInput(values: EnvironmentValues): { name: string; description: string | null; paths: string[] } {
  return {
    name: values.name.trim(),
    description: values.description.trim() === '' ? null : values.description.trim(),
    paths: parsePaths(values.paths),
  };
}
