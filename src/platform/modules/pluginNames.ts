/**
 * The plugins a licence can enable, named by the modules they gate (`ProductModule.plugin`). The
 * platform knows no plugin: the module that owns one names it here, beside its declaration (as its
 * actions augment `ActionMap`):
 *
 *     declare module '../../platform/modules/pluginNames.js' {
 *       interface PluginNameMap { sla: true }
 *     }
 *
 * The licence plugin's vocabulary (src/plugins/license/plugins.ts: what tokens and the vendor CLI accept)
 * is checked against this type, and against the plugins productModules() declares (test/unit/platform/modules/pluginNames.test.ts).
 */
// biome-ignore lint/suspicious/noEmptyInterface: an interface, not a type, so that modules can augment it by declaration merging
export interface PluginNameMap {}
export type PluginName = keyof PluginNameMap & string;
