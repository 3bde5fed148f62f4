/** The SLA plugin's settings (a slice of the configuration, validated with the rest at start). */
import { defineSettings } from '../../../platform/config/settings.js';
import { parseReportTime } from './reportSchedule.js';

export interface SlaConfig {
  /** SVC_SLA_REPORT_TIME: when the daily SLA report is generated, as minutes after 00:00 UTC (`HH:MM`). @default 06:00 */
  readonly reportTimeOfDay: number;
}

export const slaSettings = defineSettings('sla', (settings): SlaConfig => {
  const text = settings.read('SVC_SLA_REPORT_TIME') ?? '06:00';
  const reportTimeOfDay = parseReportTime(text);
  if (reportTimeOfDay === undefined)
    settings.problem(`SVC_SLA_REPORT_TIME must be a UTC time of day as HH:MM (00:00 to 23:59), got "${text}"`);
  return { reportTimeOfDay: reportTimeOfDay ?? 360 };
});

declare module '../../../platform/config/config.js' {
  interface Config {
    readonly sla: SlaConfig;
  }
}
