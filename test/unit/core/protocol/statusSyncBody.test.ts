/**
 * A status sync read from its bytes against the node's previous sync (src/core/protocol/statusSyncBody.ts):
 * the same value, warnings and refusals as parsing the whole body; entries whose bytes repeat the
 * previous body's at the same index left unparsed; anything but the plain shape left to the ordinary path.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseJsonObject } from '../../../../src/core/protocol/fields.js';
import { parseStatusSync, type StatusSync } from '../../../../src/core/protocol/machineBodies.js';
import { readStatusSyncBody, repeatedEntry, type PreviousSyncBody } from '../../../../src/core/protocol/statusSyncBody.js';

const none = () => undefined;
const entry = (name: string, status = 'OPERATIONAL', extra: Record<string, unknown> = {}) => ({ name, status, message: 'ok', ...extra });
const body = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));

/** What this reader found, as the ordinary parse would give it (repeated entries read now). */
function asOrdinary(read: { value: StatusSync; warnings: readonly string[] }) {
  const { elements, ...value } = read.value;
  if (elements === undefined) return { value, warnings: read.warnings };
  const services = elements.entries.flatMap((e, i) => (e === null ? [] : [e === undefined ? repeatedEntry(elements, i) : e]));
  return { value: { ...value, services }, warnings: read.warnings };
}

function previousOf(read: { value: StatusSync }): PreviousSyncBody {
  const { elements } = read.value;
  assert.ok(elements);
  return { body: elements.body, starts: elements.starts, ends: elements.ends, clean: elements.clean };
}

describe('status sync read from its bytes', () => {
  const bodies: Array<[string, Buffer]> = [
    ['a plain sync', body({ nodeId: 'eu/prod/k8s', operatorVersion: '1.0', services: [entry('a'), entry('b', 'DOWN')] })],
    [
      'services before nodeId, whitespace everywhere',
      body(' {\n "services" : [ { "name" : "a", "status" : "DEGRADED" } ,\n{"name":"b","status":"UP"} ] ,\t"nodeId":"x/y" } '),
    ],
    ['no services', body({ nodeId: 'x' })],
    ['empty services', body({ nodeId: 'x', services: [] })],
    [
      'unknown fields in the body and in an entry',
      body({ nodeId: 'x', extra: 1, services: [{ ...entry('a'), colour: 'red', stauts: 'x' }] }),
    ],
    [
      'refused entries among good ones',
      body({ nodeId: 'x', services: [entry('a'), 42, { status: 'DOWN' }, entry('b', 'NOPE'), entry('c')] }),
    ],
    [
      'escapes and non-ASCII text',
      body('{"nodeId":"x","services":[{"name":"caf\\u00e9-\\"q\\"","status":"DOWN","message":"ünïcödé ] } ,"}]}'),
    ],
    [
      'slaGroups with a refused one',
      body({ nodeId: 'x', services: [entry('a')], slaGroups: [{ name: 'gold', targets: { uptime: 99.9 } }, { tier: 'x' }] }),
    ],
    ['a nested value in an entry', body({ nodeId: 'x', services: [entry('a', 'DOWN', { images: ['r/a:1', 'r/b:2'], replicas: 3 })] })],
  ];
  for (const [label, bytes] of bodies) {
    it(`reads ${label} as parsing the whole body does`, () => {
      const read = readStatusSyncBody(bytes, none);
      assert.ok(read, 'read');
      assert.deepEqual(asOrdinary(read), parseStatusSync(parseJsonObject(bytes)));
    });
  }

  const refused: Array<[string, string]> = [
    ['not JSON', '{"nodeId":"x","services":[{"name":"a"'],
    ['a malformed entry', '{"nodeId":"x","services":[{"name":"a",}]}'],
    ['a malformed head', '{"nodeId":x,"services":[]}'],
    ['services not an array', '{"nodeId":"x","services":{"name":"a"}}'],
    ['two services members', '{"nodeId":"x","services":[],"services":[]}'],
    ['trailing bytes', '{"nodeId":"x","services":[]} x'],
    ['an array body', '[1,2]'],
    ['a missing nodeId', '{"services":[]}'],
    ['an empty body', ''],
  ];
  for (const [label, text] of refused) {
    it(`leaves ${label} to the ordinary parse`, () => {
      assert.equal(readStatusSyncBody(Buffer.from(text), none), undefined);
    });
  }

  it('leaves a body that is not UTF-8 to the ordinary parse', () => {
    assert.equal(readStatusSyncBody(Buffer.from([0x7b, 0xff, 0x7d]), none), undefined);
  });

  it('does not parse the entries whose bytes repeat the previous body at the same index', () => {
    const first = readStatusSyncBody(body({ nodeId: 'x', services: [entry('a'), entry('b'), entry('c')] }), none)!;
    const previous = previousOf(first);
    const next = readStatusSyncBody(body({ nodeId: 'x', services: [entry('a'), entry('b', 'DOWN'), entry('c')] }), (path) =>
      path === 'x' ? previous : undefined,
    )!;
    const { elements } = next.value;
    assert.equal(elements?.previous, previous);
    assert.deepEqual(
      elements?.entries.map((e) => (e === undefined ? 'repeated' : e?.name)),
      ['repeated', 'b', 'repeated'],
    );
    assert.deepEqual(
      next.value.services.map((s) => s.name),
      ['b'],
    );
    assert.deepEqual(
      repeatedEntry(elements!, 2),
      parseStatusSync(parseJsonObject(body({ nodeId: 'x', services: [entry('c')] }))).value.services[0],
    );
  });

  it('parses again a repeated entry that was refused or warned about, so its warning is given again', () => {
    const bytes = body({ nodeId: 'x', services: [entry('a'), { ...entry('b'), colour: 'red' }, { status: 'DOWN' }] });
    const first = readStatusSyncBody(bytes, none)!;
    const previous = previousOf(first);
    assert.deepEqual([...previous.clean], [1, 0, 0]);
    const next = readStatusSyncBody(bytes, () => previous)!;
    assert.deepEqual(
      next.value.elements?.entries.map((e) => (e === undefined ? 'repeated' : e === null ? 'refused' : e.name)),
      ['repeated', 'b', 'refused'],
    );
    assert.deepEqual(next.warnings, first.warnings);
    assert.equal(next.value.rejected, 1);
  });

  it("compares with the previous body of the sync's own node only", () => {
    const first = readStatusSyncBody(body({ nodeId: 'x', services: [entry('a')] }), none)!;
    const previous = previousOf(first);
    const other = readStatusSyncBody(body({ nodeId: 'y', services: [entry('a')] }), (path) => (path === 'x' ? previous : undefined))!;
    assert.equal(other.value.elements?.previous, undefined);
    assert.deepEqual(
      other.value.services.map((s) => s.name),
      ['a'],
    );
  });

  it('compares nothing when nodeId comes after services (each entry parsed)', () => {
    const first = readStatusSyncBody(body({ nodeId: 'x', services: [entry('a')] }), none)!;
    const previous = previousOf(first);
    const next = readStatusSyncBody(body({ services: [entry('a')], nodeId: 'x' }), () => previous)!;
    assert.equal(next.value.elements?.previous, undefined);
    assert.deepEqual(
      next.value.services.map((s) => s.name),
      ['a'],
    );
  });
});
