/**
 * The plugins a licence can enable (SPEC.md: `ticketing`, `sla`, `audit`): the names licence tokens and the
 * vendor CLI accept, read without any module list. Each is declared by the module it gates (`plugin`, and its
 * name in `PluginNameMap`, src/platform/modules/pluginNames.ts); this list is checked against them both ways
 * below at compile time, and against the plugins productModules() declares by test/unit/platform/modules/pluginNames.test.ts.
 * Kept apart from the token code so that plugin gating can import the names without the signature library.
 */
import type { PluginName } from '../../platform/modules/pluginNames.js';

export type { PluginName } from '../../platform/modules/pluginNames.js';

export const PLUGIN_NAMES = ['ticketing', 'sla', 'audit'] as const satisfies readonly PluginName[];

/** A plugin a module declares that a licence could not grant fails to compile here. */
type Unlisted = Exclude<PluginName, (typeof PLUGIN_NAMES)[number]>;
export const EVERY_DECLARED_PLUGIN_LISTED: [Unlisted] extends [never] ? true : Unlisted = true;

export function isPluginName(value: string): value is PluginName {
  return (PLUGIN_NAMES as readonly string[]).includes(value);
}
