/**
 * The readers of a binary COPY row's fields (src/platform/persistence/copyBinary.ts), on bytes as PostgreSQL sends
 * them: the same values the driver's rows give (the PostgreSQL suite compares whole services, servicesCopyRead.test.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CopyRow } from '../../../../src/platform/persistence/copyBinary.js';

const POSTGRES_EPOCH_MS = Date.parse('2000-01-01T00:00:00Z');

/** A row of one field holding `bytes` (null: NULL). */
function rowOf(bytes: Buffer | null): CopyRow {
  const row = new CopyRow();
  row.reset(Buffer.concat([Buffer.from([0xee]), bytes ?? Buffer.alloc(0)]));
  row.push(1, bytes === null ? -1 : bytes.length);
  return row;
}
const int64 = (value: bigint) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigInt64BE(value);
  return bytes;
};

describe('a binary COPY row', () => {
  const timestamps: [string, bigint, number][] = [
    ['the PostgreSQL epoch', 0n, POSTGRES_EPOCH_MS],
    ['a microsecond after it, floored', 1n, POSTGRES_EPOCH_MS],
    ['a microsecond before it, floored', -1n, POSTGRES_EPOCH_MS - 1],
    ['1999 µs', 1999n, POSTGRES_EPOCH_MS + 1],
    [
      'a present-day instant',
      BigInt(Date.parse('2026-11-30T13:45:19.303Z') - POSTGRES_EPOCH_MS) * 1000n + 999n,
      Date.parse('2026-11-30T13:45:19.303Z'),
    ],
    ['the Unix epoch less a microsecond', -BigInt(POSTGRES_EPOCH_MS) * 1000n - 1n, -1],
    ['year 1', BigInt(Date.parse('0001-01-01T00:00:00Z') - POSTGRES_EPOCH_MS) * 1000n, Date.parse('0001-01-01T00:00:00Z')],
    ['infinity', 0x7fffffffffffffffn, Number.POSITIVE_INFINITY],
    ['-infinity', -0x8000000000000000n, Number.NEGATIVE_INFINITY],
  ];
  for (const [name, micros, expected] of timestamps)
    it(`reads a timestamptz as epoch milliseconds: ${name}`, () => assert.equal(rowOf(int64(micros)).timestamp(0), expected));

  it('reads int4 and int8, negative and up to 2^53', () => {
    const int4 = Buffer.alloc(4);
    int4.writeInt32BE(-3);
    assert.equal(rowOf(int4).int32(0), -3);
    assert.equal(rowOf(int64(9007199254740991n)).int64(0), 9007199254740991);
    assert.equal(rowOf(int64(-1n)).int64(0), -1);
  });

  it('prints a uuid as PostgreSQL does', () => {
    const id = '0796b11b-f9a1-9fa1-3711-10aaf0192799';
    assert.equal(rowOf(Buffer.from(id.replaceAll('-', ''), 'hex')).uuid(0), id);
  });

  it('reads booleans, UTF-8 text and jsonb (version 1), empty lists and objects without parsing', () => {
    assert.equal(rowOf(Buffer.from([1])).boolean(0), true);
    assert.equal(rowOf(Buffer.from([0])).boolean(0), false);
    assert.equal(rowOf(Buffer.from('z\u00fcrich \u{1F600}')).text(0), 'z\u00fcrich \u{1F600}');
    assert.deepEqual(rowOf(Buffer.from('\x01{"a": [1, "b"]}', 'latin1')).jsonb(0, null), { a: [1, 'b'] });
    assert.deepEqual(rowOf(Buffer.from('\x01[]', 'latin1')).jsonb(0, null), []);
    assert.deepEqual(rowOf(Buffer.from('\x01{}', 'latin1')).jsonb(0, null), {});
    assert.equal(rowOf(Buffer.from('\x01null', 'latin1')).jsonb(0, 'fallback'), 'fallback');
    assert.equal(rowOf(Buffer.from('\x01["a"]', 'latin1')).jsonbText(0), '["a"]');
  });

  it('refuses a jsonb field of another version: the stream is not what the reader expects', () => {
    assert.throws(() => rowOf(Buffer.from('\x02{"a": 1}', 'latin1')).jsonb(0, null), /jsonb field of version 2/);
  });

  it('gives NULL for a NULL field of every type, and the fallback for jsonb', () => {
    const row = rowOf(null);
    assert.equal(row.isNull(0), true);
    const reads: ((i: number) => unknown)[] = [
      (i) => row.text(i),
      (i) => row.uuid(i),
      (i) => row.int32(i),
      (i) => row.int64(i),
      (i) => row.timestamp(i),
      (i) => row.boolean(i),
      (i) => row.jsonbText(i),
      (i) => row.bytes(i),
    ];
    for (const read of reads) assert.equal(read(0), null);
    assert.equal(row.jsonb(0, 'fallback'), 'fallback');
  });
});
