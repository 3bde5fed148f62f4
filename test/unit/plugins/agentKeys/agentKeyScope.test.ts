import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admitTarget, endpointName, isUnder } from '../../../../src/plugins/agentKeys/agentKeyEndpoints.js';
import { AgentKeyRegistry } from '../../../../src/plugins/agentKeys/agentKeyRegistry.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { AppError, ErrorCode } from '../../../../src/platform/errors/catalog.js';
import { createMachineAuth } from '../../../../src/platform/gateway/machineAuth.js';
import type { RequestHead } from '../../../../src/platform/gateway/http.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter } from '../../../../src/platform/persistence/batchWriter.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';

const head = (path: string, key: string): RequestHead => ({
  method: 'POST',
  path,
  query: '',
  headers: { 'x-api-key': key },
  peerAddress: '127.0.0.1',
});

describe('agent key scope', () => {
  const subtrees: [path: string, subtree: string, under: boolean][] = [
    ['eu/prod', 'eu/prod', true],
    ['eu/prod/k8s', 'eu/prod', true],
    ['eu/production', 'eu/prod', false],
    ['eu', 'eu/prod', false],
    ['us/prod', 'eu/prod', false],
  ];
  for (const [path, subtree, under] of subtrees)
    it(`${path} is ${under ? '' : 'not '}under ${subtree}`, () => assert.equal(isUnder(path, subtree), under));

  const names: [path: string, name: string | undefined][] = [
    ['/api/v1/operator/register', 'operator/register'],
    ['/api/v1/operator/register/', 'operator/register'],
    ['/api/v1/operator/nodes', undefined],
    ['/api/v1/license/activate', undefined],
    ['/health', undefined],
  ];
  for (const [path, name] of names) it(`${path} is endpoint ${name}`, () => assert.equal(endpointName(path), name));

  const forbidden = (e: unknown) => e instanceof AppError && e.code === 'FORBIDDEN';
  const body = (value: unknown) => Buffer.from(JSON.stringify(value));
  it('a nodeId is normalised before it is compared', () =>
    admitTarget('operator/register', 'eu/prod', new URLSearchParams(), body({ nodeId: ' eu / prod / x ' })));
  it('a body naming no node is refused', () =>
    assert.throws(() => admitTarget('health/report', 'eu', new URLSearchParams(), body({ service: 'x' })), forbidden));
  it("a body that is not JSON gets the handler's 400", () =>
    assert.throws(
      () => admitTarget('health/report', 'eu', new URLSearchParams(), Buffer.from('{')),
      (e: unknown) => e instanceof AppError && e.code === ErrorCode.BadRequest,
    ));
});

describe('machine auth with scoped keys', () => {
  const db = useEmbeddedDatabase();
  const clock = createManualClock();
  const auth = createMachineAuth('shared-key');
  let keys: AgentKeyRegistry;
  let key: string;
  before(async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    keys = new AgentKeyRegistry(writer, clock);
    auth.useScopedKeys(keys);
    key = keys.create({ name: 'edge', nodePath: 'eu', endpoints: ['operator/register'] }, '00000000-0000-4000-8000-000000000001').key;
    await writer.committed();
  });

  it('the shared key still passes, unscoped', () => {
    const result = auth.check(head('/api/v1/operator/register', 'shared-key'));
    assert.deepEqual(result, { ok: true });
  });
  it('a scoped key passes on its endpoint with its scope', () => {
    const result = auth.check(head('/api/v1/operator/register', key));
    assert.ok(result.ok && result.scope !== undefined);
  });
  it('a scoped key on another endpoint is forbidden, not unauthenticated', () => {
    const result = auth.check(head('/api/v1/health/report', key));
    assert.ok(!result.ok && result.forbidden === true);
  });
  it('a key that only looks scoped is compared as the shared key', () => {
    const result = auth.check(head('/api/v1/operator/register', 'svcak_nothing'));
    assert.ok(!result.ok && result.forbidden !== true);
  });
  it('a use is remembered until the flush', () => {
    clock.advance(1000);
    auth.check(head('/api/v1/operator/register', key));
    const id = keys.list(false)[0]!.id;
    assert.equal(keys.get(id)!.lastUsedAt, clock.now());
    assert.equal(keys.flushUses(), 1);
    assert.equal(keys.flushUses(), 0);
  });
  it('a revoked key is refused at once', () => {
    keys.revoke(keys.list(false)[0]!.id, '00000000-0000-4000-8000-000000000001');
    const result = auth.check(head('/api/v1/operator/register', key));
    assert.ok(!result.ok && result.forbidden !== true);
  });
});
