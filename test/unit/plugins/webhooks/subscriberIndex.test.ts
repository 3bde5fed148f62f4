import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SubscriberIndex } from '../../../../src/plugins/webhooks/subscriberIndex.js';

const data = (name: string, status = 'DOWN') => ({ service: { name }, status, sizeBytes: 10 });

describe('webhook subscriber index', () => {
  it('webhooks with an exact filter value are candidates only for events carrying that value', () => {
    const index = new SubscriberIndex();
    for (let i = 0; i < 1000; i += 1) index.add(`w${i}`, ['service.down'], { 'service.name': `svc-${i}` });
    assert.deepEqual(index.candidates('service.down', data('svc-42')), ['w42']);
    assert.deepEqual(index.candidates('service.down', data('other')), []);
    assert.deepEqual(index.candidates('service.up', data('svc-42')), []);
  });

  it('webhooks without a filter, with globs or with null are candidates for every event of their kind', () => {
    const index = new SubscriberIndex();
    index.add('all', ['service.down'], null);
    index.add('glob', ['service.down'], { 'service.name': 'svc-*' });
    index.add('nullish', ['service.down'], { message: null });
    index.add('listed', ['service.down'], { status: ['DOWN', 'DEGRADED'] });
    assert.deepEqual(index.candidates('service.down', data('x')).sort(), ['all', 'glob', 'listed', 'nullish']);
    assert.deepEqual(index.candidates('service.down', data('x', 'UP')).sort(), ['all', 'glob', 'nullish']);
  });

  it('values are typed: the number 10 and the string "10" are different', () => {
    const index = new SubscriberIndex();
    index.add('num', ['backup.failed'], { sizeBytes: 10 });
    index.add('str', ['backup.failed'], { sizeBytes: '10' });
    assert.deepEqual(index.candidates('backup.failed', data('x')), ['num']);
  });

  it('a changed or removed webhook leaves its old place', () => {
    const index = new SubscriberIndex();
    index.add('w', ['service.down', 'service.up'], { 'service.name': 'a' });
    index.add('w', ['service.down'], { 'service.name': 'b' });
    assert.deepEqual(index.candidates('service.down', data('a')), []);
    assert.deepEqual(index.candidates('service.down', data('b')), ['w']);
    assert.equal(index.has('service.up'), false);
    index.remove('w');
    assert.equal(index.has('service.down'), false);
  });
});
