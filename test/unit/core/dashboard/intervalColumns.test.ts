import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IntervalColumns, RECORD_BYTES } from '../../../../src/core/dashboard/intervalColumns.js';
import { ServiceNumbering } from '../../../../src/core/dashboard/serviceNumbering.js';
import { encodeMessage, TRANSFER_MIN_BYTES } from '../../../../src/platform/workers/messageCodec.js';

const idOf = (i: number) => `00000000-0000-7000-8000-${i.toString(16).padStart(12, '0')}`;

interface Interval {
  readonly service: number;
  readonly seq: number;
  readonly status: number;
  readonly startedAt: number;
  readonly endedAt: number;
}

/** One page as the database sends it: the records one after another, base64 (uptimeQuery.ts). */
function page(intervals: readonly Interval[]): string {
  const bytes = Buffer.alloc(intervals.length * RECORD_BYTES);
  intervals.forEach((interval, k) => {
    const at = k * RECORD_BYTES;
    Buffer.from(idOf(interval.service).replaceAll('-', ''), 'hex').copy(bytes, at);
    bytes.writeInt32BE(interval.seq, at + 16);
    bytes.writeInt16BE(interval.status, at + 20);
    bytes.writeDoubleBE(interval.startedAt, at + 22);
    bytes.writeDoubleBE(interval.endedAt, at + 30);
  });
  return bytes.toString('base64');
}

const interval = (service: number, seq: number): Interval => ({
  service,
  seq,
  status: 1 + (seq % 5),
  startedAt: 1_700_000_000_000 + seq * 60_000,
  endedAt: seq % 3 === 0 ? Number.NaN : 1_700_000_000_000 + (seq + 1) * 60_000,
});

describe('interval columns', () => {
  it("holds every page's records in read order, numbered, leaving out services that are not numbered", () => {
    const numbering = new ServiceNumbering(3);
    for (const service of [7, 3, 9]) numbering.add(idOf(service));
    const columns = new IntervalColumns();
    assert.equal(columns.addPage(page([interval(3, 1), interval(4, 1), interval(7, 2)]), numbering), 3);
    assert.equal(columns.addPage(page([interval(9, 5), interval(3, 2)]), numbering), 2);
    const packed = columns.finish();
    assert.deepEqual(Array.from(packed.service), [1, 0, 2, 1]);
    assert.deepEqual(Array.from(packed.seq), [1, 2, 5, 2]);
    assert.deepEqual(Array.from(packed.status), [2, 3, 1, 3]);
    assert.deepEqual(
      Array.from(packed.startedAt),
      [1, 2, 5, 2].map((seq) => interval(0, seq).startedAt),
    );
    assert.deepEqual(
      Array.from(packed.endedAt),
      [1, 2, 5, 2].map((seq) => interval(0, seq).endedAt),
    );
  });

  it('trims the columns to their rows in place, so that a worker message moves them instead of copying them', () => {
    const services = 30_000;
    const numbering = new ServiceNumbering(services);
    for (let s = 0; s < services; s += 1) numbering.add(idOf(s));
    const columns = new IntervalColumns();
    // More room than the rows need (as after an estimate), and growth past it, both trimmed.
    columns.reserve(12_000);
    for (let first = 0; first < services; first += 10_000) {
      columns.addPage(page(Array.from({ length: 10_000 }, (_, k) => interval(first + k, k))), numbering);
    }
    const before = process.memoryUsage().arrayBuffers;
    const packed = columns.finish();
    const grew = process.memoryUsage().arrayBuffers - before;
    assert.ok(grew <= 0, `finishing allocated ${grew} bytes: a second copy of the columns`);
    const all = [packed.service, packed.seq, packed.status, packed.startedAt, packed.endedAt];
    for (const column of all) {
      assert.equal(column.length, services);
      assert.equal(column.byteLength, column.buffer.byteLength, 'the column is its whole buffer');
    }
    assert.equal(packed.service[services - 1], services - 1);
    assert.equal(packed.seq[services - 1], 9_999);
    const wire = encodeMessage({ type: 'dashboardStats', intervals: packed });
    const moved = all.filter((column) => column.byteLength >= TRANSFER_MIN_BYTES);
    assert.equal(moved.length, 4, 'every column but the statuses (a byte each) is large enough to be moved');
    for (const column of moved) assert.ok(wire.arrays.includes(column), 'moved as it is, not copied');
  });

  it('finishes empty when no page held a numbered service', () => {
    const columns = new IntervalColumns();
    columns.addPage('', new ServiceNumbering());
    const packed = columns.finish();
    assert.deepEqual(
      [packed.service.length, packed.seq.length, packed.status.length, packed.startedAt.length, packed.endedAt.length],
      [0, 0, 0, 0, 0],
    );
  });
});
