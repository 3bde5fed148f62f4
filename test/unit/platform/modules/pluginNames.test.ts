/**
 * The plugins a licence can grant (src/plugins/license/plugins.ts, read by tokens and the vendor CLI without
 * any module list) and the plugins the product's modules are gated by (`ProductModule.plugin`) are one set:
 * a new gated plugin that the licence could not grant, or a licence name no module answers to, fails here.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { productModules } from '../../../../src/plugins/productModules.js';
import { PLUGIN_NAMES } from '../../../../src/plugins/license/plugins.js';
import { ModuleList } from '../../../../src/platform/modules/moduleList.js';
import type { ProductModule } from '../../../../src/platform/modules/module.js';

describe('plugin names', () => {
  it("the licence grants exactly the plugins the product's modules declare", () => {
    assert.deepEqual([...productModules().plugins()].sort(), [...PLUGIN_NAMES].sort());
  });

  it('a module list names each declared plugin once, in list order, and not the modules without one', () => {
    const module = (name: string, plugin?: ProductModule['plugin']): ProductModule => ({
      name,
      ...(plugin === undefined ? {} : { plugin }),
      create: () => ({ services: {} }),
    });
    const list = ModuleList.start().withAll([
      module('core'),
      module('sla figures', 'sla'),
      module('tickets', 'ticketing'),
      module('sla windows', 'sla'),
    ]);
    assert.deepEqual(list.plugins(), ['sla', 'ticketing']);
  });
});
