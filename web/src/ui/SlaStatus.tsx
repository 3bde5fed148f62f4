/**
 * An SLA period's status in words (the badge: ui/badges.ts `slaStatusBadge`), with its meaning as a title, and
 * an attained figure that says how little of the period was seen when that is too little to judge.
 * Shared by the SLA screens and the service page, so both say the same thing about one period.
 */

const LABEL: Record<string, string> = {
  MET: 'Met',
  AT_RISK: 'At risk',
  BREACHED: 'Breached',
  NO_DATA: 'No data',
  INSUFFICIENT_DATA: 'Insufficient data',
};

/**
 * Below this coverage the server does not call the current period on track (src/plugins/sla/periodArithmetic.ts
 * `MIN_COVERAGE_PERCENT`); the console says how little was seen beside the attained figure.
 */
export const MIN_COVERAGE_PERCENT = 50;

/** Why a period is judged so: the server's rule in words (DESIGN.md "SLA arithmetic"). */
const MEANING: Record<string, string> = {
  MET: 'On track to meet the target (a closed period: met it).',
  AT_RISK: 'Can still meet the target, but the error budget burns too fast or less than a quarter of it is left.',
  BREACHED: 'Can no longer meet the target: the error budget is spent (a closed period: attainment below target).',
  NO_DATA: 'Nothing measured in this period yet.',
  INSUFFICIENT_DATA: `Too little of this period measured so far (under ${MIN_COVERAGE_PERCENT} %) to say it is on track.`,
};

export function slaStatusLabel(status: string): string {
  return LABEL[status] ?? status;
}

export function slaStatusMeaning(status: string): string | undefined {
  return MEANING[status];
}

/**
 * "12 % of the period seen" when the coverage is too low to trust the attained figure, else null: an
 * attainment of 37 % over a few minutes says little, and the reader must see that beside it.
 */
export function lowCoverageNote(coveragePercent: number | null | undefined): string | null {
  if (coveragePercent === null || coveragePercent === undefined || Number.isNaN(coveragePercent) || coveragePercent >= MIN_COVERAGE_PERCENT)
    return null;
  const shown = coveragePercent < 1 ? 'under 1' : String(Math.floor(coveragePercent));
  return `${shown} % of the period seen`;
}

/** An attained figure with, when too little of the period was seen, how little (never the figure alone). */
export function Attainment({ text, coveragePercent }: { text: string; coveragePercent: number | null | undefined }) {
  const note = lowCoverageNote(coveragePercent);
  return (
    <span data-sla-attainment>
      {text}
      {note ? (
        <span className="muted" data-sla-low-coverage>
          {' '}
          ({note})
        </span>
      ) : null}
    </span>
  );
}
