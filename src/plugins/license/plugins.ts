/**
 * The plugins a licence can enable (SPEC.md: `ticketing`, `sla`, `audit`). Kept apart from the token code so
 * that plugin gating can import the names without pulling in the signature library.
 */
export const PLUGIN_NAMES = ['ticketing', 'sla', 'audit'] as const;

export type PluginName = (typeof PLUGIN_NAMES)[number];

export function isPluginName(value: string): value is PluginName {
  return (PLUGIN_NAMES as readonly string[]).includes(value);
}
