/**
 * The event stream's wire format and positions (src/platform/cluster/eventStream.ts): what a subscriber accepts
 * from the bus, and the order of positions it delivers in.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  decodeEvent,
  encodeEvent,
  eventSubject,
  eventsWildcard,
  isAfter,
  probeSubject,
} from '../../../../src/platform/cluster/eventStream.js';

describe('the cluster event stream format', () => {
  it('decodes what it encodes', () => {
    const event = { shard: 3, epoch: 41, seq: 7, at: 1_700_000_000_000, payload: { type: 'service.changed', id: 'a' } };
    assert.deepEqual(decodeEvent(encodeEvent(event)), event);
  });

  const malformed: [string, string][] = [
    ['not JSON', '{'],
    ['null', 'null'],
    ['a number', '5'],
    ['a negative shard', '{"s":-1,"e":1,"q":1,"t":0,"p":null}'],
    ['epoch 0', '{"s":1,"e":0,"q":1,"t":0,"p":null}'],
    ['seq 0', '{"s":1,"e":1,"q":0,"t":0,"p":null}'],
    ['a fractional seq', '{"s":1,"e":1,"q":1.5,"t":0,"p":null}'],
    ['a string epoch', '{"s":1,"e":"1","q":1,"t":0,"p":null}'],
    ['no time', '{"s":1,"e":1,"q":1,"p":null}'],
    ['no payload', '{"s":1,"e":1,"q":1,"t":0}'],
  ];
  for (const [name, text] of malformed) {
    it(`refuses a message with ${name}`, () => {
      assert.equal(decodeEvent(text), undefined);
    });
  }

  it('orders positions by epoch, then sequence', () => {
    assert.ok(isAfter({ epoch: 2, seq: 1 }, { epoch: 1, seq: 99 }));
    assert.ok(isAfter({ epoch: 1, seq: 3 }, { epoch: 1, seq: 2 }));
    assert.ok(!isAfter({ epoch: 1, seq: 2 }, { epoch: 1, seq: 2 }));
    assert.ok(!isAfter({ epoch: 1, seq: 9 }, { epoch: 2, seq: 0 }));
  });

  it('puts every shard and the probes under one wildcard of the cluster prefix', () => {
    assert.equal(eventSubject('prod', 12), 'prod.events.12');
    assert.equal(probeSubject('prod'), 'prod.events.probe');
    assert.equal(eventsWildcard('prod'), 'prod.events.*');
  });
});
