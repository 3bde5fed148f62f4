import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nodeEndOfLife } from '../../../../src/platform/config/nodeRuntime.js';

const at = (day: string) => Date.parse(`${day}T12:00:00Z`);

describe('Node.js end of life', () => {
  const cases: Array<[string, string, string, string | null | undefined]> = [
    ['Node 20 the day before its end', '20.20.2', '2026-04-29', undefined],
    ['Node 20 on its last day', '20.20.2', '2026-04-30', '2026-04-30'],
    ['Node 20 in November 2026', 'v20.20.2', '2026-11-29', '2026-04-30'],
    ['Node 22 in November 2026', '22.12.0', '2026-11-29', undefined],
    ['Node 24 in November 2026', '24.22.3', '2026-11-29', undefined],
    ['Node 24 after April 2028', '24.22.3', '2028-05-01', '2028-04-30'],
    ['Node 25 (odd) after June 2026', '25.1.0', '2026-11-29', '2026-06-01'],
    ['Node 16 (older than the table)', '16.20.2', '2026-11-29', null],
    ['Node 30 (newer than the table)', '30.0.0', '2026-11-29', undefined],
    ['a version it cannot read', 'nightly', '2026-11-29', undefined],
  ];
  for (const [what, version, day, endedOn] of cases) {
    it(`${what}: ${endedOn === undefined ? 'supported' : `ended${endedOn ? ` on ${endedOn}` : ''}`}`, () => {
      const result = nodeEndOfLife(version, at(day));
      assert.equal(result?.endedOn, endedOn);
    });
  }
});
