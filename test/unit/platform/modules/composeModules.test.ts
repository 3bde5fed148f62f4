/**
 * The module composer without a server: declarations are checked before anything starts, modules
 * are created, hydrated and subscribed in list order, started in order and stopped in reverse with
 * their bus handlers removed first. (The gate over real HTTP and GraphQL: integration/platform/modules/moduleGate.test.ts.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { loadConfig } from '../../../../src/platform/config/config.js';
import { createInProcessEventBus } from '../../../../src/platform/events/eventBus.js';
import { createMachineAuth } from '../../../../src/platform/gateway/machineAuth.js';
import { createErrorFormatter } from '../../../../src/platform/graphql/errors.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { composeModules, type PlatformKit } from '../../../../src/platform/modules/composeModules.js';
import { ModuleList } from '../../../../src/platform/modules/moduleList.js';
import type { ProductModule } from '../../../../src/platform/modules/module.js';
import { cols } from '../../../../src/core/storage/tables.js';

const migration = (version: number) => ({ version, name: `m${version}`, up: async () => undefined });
const table = (name: string, order: number) => ({ name, key: ['id'], order, mode: 'upsert' as const, columns: cols({ id: 'uuid' }) });
const named = (name: string, extra: Partial<ProductModule> = {}): ProductModule => ({ name, create: () => ({ services: {} }), ...extra });

function platform(): PlatformKit {
  const logger = createMemoryLogger();
  return {
    config: loadConfig({}),
    production: true,
    version: 'test',
    // The composer hands these through to modules and never uses them itself; these modules do not either.
    database: undefined as never,
    knex: undefined as never,
    writer: undefined as never,
    bus: createInProcessEventBus(logger),
    clock: createManualClock(),
    logger,
    newId: () => 'id',
    workers: undefined as never,
    blobs: undefined as never,
    machineAuth: createMachineAuth(''),
    secretKeys: () => ({ current: 'a-key-of-at-least-thirty-two-characters-for-tests' }),
    traffic: { received: () => 0, inFlight: () => 0 },
    formatError: createErrorFormatter({ production: true, logger }),
  };
}

describe('module declarations', () => {
  it('migrations of every module run in version order, whichever module declares them', () => {
    const list = ModuleList.start().withAll([
      named('a', { migrations: [migration(3), migration(1)] }),
      named('b', { migrations: [migration(2)] }),
    ]);
    assert.deepEqual(
      list.migrations().map((m) => m.version),
      [1, 2, 3],
    );
  });

  const clashes: Array<[string, ProductModule[], RegExp]> = [
    ['two modules with one name', [named('a'), named('a')], /two modules are named a/],
    [
      'one migration version in two modules',
      [named('a', { migrations: [migration(4)] }), named('b', { migrations: [migration(4)] })],
      /version 4 is declared by module a and by module b/,
    ],
    [
      'one table in two modules',
      [named('a', { tables: [table('t', 10)] }), named('b', { tables: [table('t', 20)] })],
      /table t .* clashes with a table of module a/,
    ],
    [
      'one commit order in two modules',
      [named('a', { tables: [table('t', 10)] }), named('b', { tables: [table('u', 10)] })],
      /table u \(order 10\) of module b clashes/,
    ],
  ];
  for (const [what, modules, message] of clashes) {
    it(`refuses ${what}`, () => assert.throws(() => ModuleList.start().withAll(modules).migrations(), message));
  }

  it('refuses a gated module when no module provides the plugin gate', async () => {
    await assert.rejects(
      composeModules(ModuleList.start().withAll([named('gated', { plugin: 'sla' })]), platform()),
      /no module provides the plugin gate/,
    );
  });

  it('refuses a service provided by two modules', async () => {
    const provider = (name: string): ProductModule => ({ name, create: () => ({ services: { shared: name } }) });
    await assert.rejects(
      composeModules(ModuleList.start().withAll([provider('a'), provider('b')]), platform()),
      /module b provides the service "shared", which an earlier module already provides/,
    );
  });
});

describe('module lifecycle', () => {
  it('tells the modules that readiness turned on in list order, each only then, modules without the hook skipped', async () => {
    const steps: string[] = [];
    const module = (name: string, withReady: boolean): ProductModule => ({
      name,
      create: () => ({
        services: {},
        start: () => void steps.push(`start ${name}`),
        ...(withReady ? { ready: () => void steps.push(`ready ${name}`) } : {}),
      }),
    });
    const composed = await composeModules(
      ModuleList.start().withAll([module('a', true), module('b', false), module('c', true)]),
      platform(),
    );
    composed.start();
    assert.deepEqual(steps, ['start a', 'start b', 'start c'], 'nothing is ready at start');
    composed.ready();
    assert.deepEqual(steps, ['start a', 'start b', 'start c', 'ready a', 'ready c']);
    await composed.stop();
  });

  it('creates and hydrates in order with the services before each, starts in order, stops in reverse after removing its bus handlers', async () => {
    const kit = platform();
    const steps: string[] = [];
    const module = (name: string): ProductModule<object, Record<string, string>> => ({
      name,
      create(_kit, services) {
        steps.push(`create ${name} seeing ${Object.keys(services).join(',') || 'nothing'}`);
        return {
          services: { [name]: name },
          hydrate: async () => void steps.push(`hydrate ${name}`),
          busHandlers: { committed: (event) => steps.push(`${name} heard ${event.type}`) },
          start: () => void steps.push(`start ${name}`),
          stop: () => {
            steps.push(`stop ${name}`);
            kit.bus.publish({ type: 'session.ended', sessionId: 's', userId: 'u', reason: 'test', at: 0, origin: 'api' });
          },
        };
      },
    });
    const composed = await composeModules(ModuleList.start().withAll([module('a'), module('b')]), kit);
    composed.start();
    await composed.stop();
    assert.deepEqual(steps, [
      'create a seeing nothing',
      'hydrate a',
      'create b seeing a',
      'hydrate b',
      'start a',
      'start b',
      // b's handler is gone when b stops; a still hears b's last event, then stops.
      'stop b',
      'a heard session.ended',
      'stop a',
    ]);
    assert.deepEqual(composed.services, { a: 'a', b: 'b' });
  });
});
