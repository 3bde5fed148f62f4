import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isoTime } from '../../../../src/platform/scheduler/isoTime.js';

test('isoTime gives the text toISOString gives, at minute, second and millisecond edges and beyond year 9999', () => {
  const cases = [
    0,
    1,
    999,
    1000,
    59_999,
    60_000,
    60_001,
    86_399_999,
    86_400_000,
    Date.UTC(2026, 10, 25, 22, 31, 5, 7),
    Date.UTC(2024, 1, 29, 23, 59, 59, 999),
    253_402_300_799_999,
    253_402_300_800_000,
    -1,
    -86_400_000,
    1.5,
  ];
  for (const ms of cases) assert.equal(isoTime(ms), new Date(ms).toISOString(), String(ms));
});

test('isoTime matches toISOString for consecutive and scattered times (the minute prefix is reused and replaced)', () => {
  const start = Date.UTC(2026, 10, 25, 22, 58, 0, 0);
  for (let ms = start; ms < start + 180_000; ms += 997) assert.equal(isoTime(ms), new Date(ms).toISOString());
  for (let i = 0; i < 10_000; i += 1) {
    const ms = Math.floor(Math.random() * 253_402_300_800_000);
    assert.equal(isoTime(ms), new Date(ms).toISOString());
  }
});

test('isoTime refuses an invalid time as toISOString does', () => {
  assert.throws(() => isoTime(Number.NaN), RangeError);
});

test('isoTime stays exact when a few minutes alternate (a ticket row: now and two due times) and when more minutes than it remembers cycle', () => {
  const now = Date.UTC(2026, 10, 25, 22, 31, 5, 7);
  for (let i = 0; i < 300; i += 1) {
    for (const ms of [now + i, now + 4 * 3_600_000 + i * 7, now + 3 * 86_400_000 + i * 13])
      assert.equal(isoTime(ms), new Date(ms).toISOString());
  }
  for (let round = 0; round < 3; round += 1) {
    for (let m = 0; m < 20; m += 1) {
      const ms = now + m * 60_000 + round;
      assert.equal(isoTime(ms), new Date(ms).toISOString());
    }
  }
});
