/**
 * When the daily report is due. It is generated once a day at a fixed UTC time of day; the report
 * of a day is owed from that time on until a scheduled run of that day is recorded. Only the latest
 * owed day is generated: a server that was down for three days writes one report when it is back
 * (today's, which covers each SLA's period so far), not three stale ones.
 */
import { reportDayOf, startOfReportDay, type ReportDay } from './dailyReport.js';

const MS_PER_DAY = 86_400_000;

/** Minutes after 00:00 UTC, 0 to 1439. */
export type ReportTimeOfDay = number;

/** `HH:MM` (24-hour, UTC) as minutes of the day, or `undefined` when it is not one. */
export function parseReportTime(text: string): ReportTimeOfDay | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** The instant the scheduled report of `day` is due. */
export function scheduledRunOf(day: ReportDay, timeOfDay: ReportTimeOfDay): number {
  return startOfReportDay(day) + timeOfDay * 60_000;
}

/** The day whose scheduled report is owed at `now`, or `undefined` when none is. */
export function owedReportDay(now: number, timeOfDay: ReportTimeOfDay, lastScheduledDay: ReportDay | undefined): ReportDay | undefined {
  const today = reportDayOf(now);
  if (now < scheduledRunOf(today, timeOfDay)) return undefined;
  return lastScheduledDay !== undefined && lastScheduledDay >= today ? undefined : today;
}

/** The next instant after `now` at which a scheduled report falls due. */
export function nextScheduledRun(now: number, timeOfDay: ReportTimeOfDay): number {
  const todays = scheduledRunOf(reportDayOf(now), timeOfDay);
  return todays > now ? todays : todays + MS_PER_DAY;
}
