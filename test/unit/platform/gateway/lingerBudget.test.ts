/**
 * How much of a body the server still reads and drops after an early answer (lingeringClose.ts):
 * the rest of a body of up to twice its route's limit, never less than 8 MiB. With less, a client
 * that goes on sending a body not far over the limit met a reset before it had read the 413.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_LINGERING_CLOSE, lingerBudget } from '../../../../src/platform/gateway/lingeringClose.js';

const KiB = 1024;
const MiB = 1024 * KiB;

describe('the bytes read and dropped after an early answer', () => {
  const table = [
    {
      what: 'attachment upload refused from its Content-Length (12 MiB cap, nothing read)',
      limit: 12 * MiB,
      received: 0,
      budget: 24 * MiB,
    },
    { what: 'attachment upload cut at its 12 MiB cap', limit: 12 * MiB, received: 12 * MiB + 64 * KiB, budget: 12 * MiB - 64 * KiB },
    { what: "attachment upload refused at busboy's 10 MiB a file", limit: 12 * MiB, received: 10 * MiB, budget: 14 * MiB },
    { what: 'status sync cut at its 2 MiB cap: the 8 MiB floor', limit: 2 * MiB, received: 2 * MiB + 1, budget: 8 * MiB },
    { what: 'heartbeat refused from its Content-Length (64 KiB cap): the 8 MiB floor', limit: 64 * KiB, received: 0, budget: 8 * MiB },
    { what: 'a body on a route that takes none', limit: 0, received: 0, budget: 8 * MiB },
  ];
  for (const row of table) {
    it(`${row.what}: ${row.budget} bytes`, () => {
      assert.equal(lingerBudget(DEFAULT_LINGERING_CLOSE, row.limit, row.received), row.budget);
    });
  }
});
