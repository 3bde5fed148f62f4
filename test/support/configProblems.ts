/** The problems a configuration load reports (ConfigError), or none; any other error is rethrown. */
import { ConfigError } from '../../src/platform/config/config.js';

export function configProblems(load: () => unknown): string[] {
  try {
    load();
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems];
    throw error;
  }
  return [];
}
