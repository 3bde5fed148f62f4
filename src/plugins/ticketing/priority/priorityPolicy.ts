/**
 * The priority matrix (impact x urgency -> P1..P5) and each priority's response and resolution
 * targets in business minutes, with the parser that admits a configured policy.
 *
 * The default is ITIL's matrix widened to four levels: rank LOW=1 .. CRITICAL=4, and the sum of
 * the two ranks decides (8-7 P1, 6-5 P2, 4 P3, 3 P4, 2 P5), so the matrix is symmetric and
 * CRITICAL x CRITICAL is P1, HIGH x HIGH P2, MEDIUM x MEDIUM P3, LOW x LOW P5.
 * docs/adr/0039-ticket-clocks-and-business-calendars.md lists the targets.
 */
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import {
  PRIORITIES,
  SEVERITY_LEVELS,
  type Impact,
  type Priority,
  type PriorityPolicy,
  type ResolutionTargets,
  type Urgency,
} from '../ticketContract.js';

const HOUR = 60;
const DAY = 24 * HOUR;

function priorityByRank(impact: Impact, urgency: Urgency): Priority {
  const sum = SEVERITY_LEVELS.indexOf(impact) + SEVERITY_LEVELS.indexOf(urgency) + 2;
  if (sum >= 7) return 'P1';
  if (sum >= 5) return 'P2';
  if (sum === 4) return 'P3';
  if (sum === 3) return 'P4';
  return 'P5';
}

function buildMatrix(): PriorityPolicy['matrix'] {
  const matrix = {} as Record<Impact, Record<Urgency, Priority>>;
  for (const impact of SEVERITY_LEVELS) {
    matrix[impact] = {} as Record<Urgency, Priority>;
    for (const urgency of SEVERITY_LEVELS) matrix[impact][urgency] = priorityByRank(impact, urgency);
  }
  return matrix;
}

/** Targets in business minutes; "days" are 24-hour days of the calendar's open time (see docs/adr/0039-ticket-clocks-and-business-calendars.md). */
export const DEFAULT_PRIORITY_TARGETS: Readonly<Record<Priority, ResolutionTargets>> = {
  P1: { responseMinutes: 15, resolutionMinutes: 4 * HOUR },
  P2: { responseMinutes: 30, resolutionMinutes: 8 * HOUR },
  P3: { responseMinutes: 2 * HOUR, resolutionMinutes: 1 * DAY },
  P4: { responseMinutes: 8 * HOUR, resolutionMinutes: 3 * DAY },
  P5: { responseMinutes: 2 * DAY, resolutionMinutes: 10 * DAY },
};

export const DEFAULT_PRIORITY_POLICY: PriorityPolicy = { matrix: buildMatrix(), targets: DEFAULT_PRIORITY_TARGETS };

export function priorityOf(policy: PriorityPolicy, impact: Impact, urgency: Urgency): Priority {
  const priority = policy.matrix[impact]?.[urgency];
  // The policy was validated and the pair typed at the edge; a gap is a bug, not a request error.
  if (priority === undefined) throw new Error(`priority policy has no cell for impact ${impact}, urgency ${urgency}`);
  return priority;
}

function bad(message: string): AppError {
  return new AppError(ErrorCode.BadRequest, `invalid priority policy: ${message}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkKeys(record: Record<string, unknown>, allowed: readonly string[], at: string, what: string): void {
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key)) throw bad(`${at}.${key} is not ${what} (${allowed.join(', ')})`);
  }
}

function parseMinutes(value: unknown, at: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
    throw bad(`${at} must be a positive whole number of business minutes, got ${JSON.stringify(value)}`);
  return value;
}

/** A priority policy from untrusted input: every cell and every priority's targets present; BAD_REQUEST naming the cell otherwise. */
export function validatePriorityPolicy(input: unknown): PriorityPolicy {
  if (!isRecord(input)) throw bad('expected an object {matrix, targets}');
  checkKeys(input, ['matrix', 'targets'], 'policy', 'a field of a priority policy');
  const { matrix, targets } = input;

  if (!isRecord(matrix)) throw bad('matrix must be an object {impact: {urgency: priority}}');
  checkKeys(matrix, SEVERITY_LEVELS, 'matrix', 'an impact');
  const parsedMatrix = {} as Record<Impact, Record<Urgency, Priority>>;
  for (const impact of SEVERITY_LEVELS) {
    const row = matrix[impact];
    if (!isRecord(row)) throw bad(`matrix.${impact} is missing (a row per impact: ${SEVERITY_LEVELS.join(', ')})`);
    checkKeys(row, SEVERITY_LEVELS, `matrix.${impact}`, 'an urgency');
    parsedMatrix[impact] = {} as Record<Urgency, Priority>;
    for (const urgency of SEVERITY_LEVELS) {
      const cell = row[urgency];
      if (typeof cell !== 'string' || !(PRIORITIES as readonly string[]).includes(cell)) {
        throw bad(`matrix.${impact}.${urgency} must be one of ${PRIORITIES.join(', ')}, got ${JSON.stringify(cell)}`);
      }
      parsedMatrix[impact][urgency] = cell as Priority;
    }
  }

  if (!isRecord(targets)) throw bad('targets must be an object {priority: {responseMinutes, resolutionMinutes}}');
  checkKeys(targets, PRIORITIES, 'targets', 'a priority');
  const parsedTargets = {} as Record<Priority, ResolutionTargets>;
  for (const priority of PRIORITIES) {
    const entry = targets[priority];
    if (!isRecord(entry)) throw bad(`targets.${priority} is missing (every priority P1..P5 needs targets)`);
    checkKeys(entry, ['responseMinutes', 'resolutionMinutes'], `targets.${priority}`, 'a target');
    const responseMinutes = parseMinutes(entry.responseMinutes, `targets.${priority}.responseMinutes`);
    const resolutionMinutes = parseMinutes(entry.resolutionMinutes, `targets.${priority}.resolutionMinutes`);
    if (responseMinutes > resolutionMinutes) {
      throw bad(`targets.${priority}.responseMinutes (${responseMinutes}) must not exceed resolutionMinutes (${resolutionMinutes})`);
    }
    parsedTargets[priority] = { responseMinutes, resolutionMinutes };
  }
  return { matrix: parsedMatrix, targets: parsedTargets };
}
