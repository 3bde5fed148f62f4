import { describe, expect, it } from 'vitest';
import { maintenanceInput } from './maintenanceForm';

const NOW = Date.parse('2026-11-26T06:00:00Z');

describe('maintenanceInput', () => {
  it('ends the window after the given minutes', () => {
    expect(maintenanceInput({ reason: 'kernel upgrade', durationMinutes: '90' }, NOW)).toEqual({
      ok: true,
      input: { reason: 'kernel upgrade', expectedEndAt: '2026-11-26T07:30:00.000Z' },
    });
  });

  it('keeps the window until stopped when no duration is given', () => {
    expect(maintenanceInput({ reason: ' patching ', durationMinutes: '' }, NOW)).toEqual({ ok: true, input: { reason: 'patching' } });
  });

  it('sends no reason when none is written', () => {
    expect(maintenanceInput({ reason: '   ', durationMinutes: '' }, NOW)).toEqual({ ok: true, input: {} });
  });

  it.each(['0', '-5', '1.5', 'soon', String(366 * 24 * 60 + 1)])('refuses %s minutes, saying what it takes', (durationMinutes) => {
    const result = maintenanceInput({ reason: '', durationMinutes }, NOW);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.durationMinutes).toMatch(/whole minutes from 1/);
  });

  it('refuses a reason longer than 2048 characters', () => {
    const result = maintenanceInput({ reason: 'x'.repeat(2049), durationMinutes: '' }, NOW);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.reason).toMatch(/2048 characters/);
  });
});
