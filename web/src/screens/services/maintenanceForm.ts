/**
 * The "start maintenance" form's rules: a reason (optional, at most 2048 characters, as the server allows) and a duration
 * in minutes (empty: until stopped), turned into the window's `expectedEndAt`. Pure, the time passed in.
 */
export const MAX_DURATION_MINUTES = 366 * 24 * 60;
export const MAX_REASON_LENGTH = 2048;

export interface MaintenanceDraft {
  readonly reason: string;
  readonly durationMinutes: string;
}

export type MaintenanceInput =
  | { readonly ok: true; readonly input: { readonly reason?: string; readonly expectedEndAt?: string } }
  | { readonly ok: false; readonly errors: { readonly reason?: string; readonly durationMinutes?: string } };

export function maintenanceInput(draft: MaintenanceDraft, now: number): MaintenanceInput {
  const errors: { reason?: string; durationMinutes?: string } = {};
  const reason = draft.reason.trim();
  if (reason.length > MAX_REASON_LENGTH) errors.reason = `Shorten the reason to ${MAX_REASON_LENGTH} characters at most.`;
  const durationText = draft.durationMinutes.trim();
  let expectedEndAt: string | undefined;
  if (durationText !== '') {
    const minutes = Number(durationText);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_DURATION_MINUTES) {
      errors.durationMinutes = `Give whole minutes from 1 to ${MAX_DURATION_MINUTES} (366 days), or leave it empty to keep the window until it is stopped.`;
    } else {
      expectedEndAt = new Date(now + minutes * 60_000).toISOString();
    }
  }
  if (errors.reason || errors.durationMinutes) return { ok: false, errors };
  return { ok: true, input: { ...(reason ? { reason } : {}), ...(expectedEndAt ? { expectedEndAt } : {}) } };
}
