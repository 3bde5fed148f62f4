/**
 * Webhook `sla.daily_report`, one per generated report (the scheduled one once a day; a manual one
 * each time it is asked for). `data`: `{report{day, generatedAt, trigger, slaCount, metCount,
 * atRiskCount, breachedCount, noDataCount, downloads{csv, html}}}`; the downloads are paths on this
 * server that take the API key.
 */
import type { WebhookEventSource } from '../../../platform/events/webhookEventCatalog.js';
import type { SlaDailyReportGeneratedEvent } from './dailyReports.js';
import { reportDownloads } from './reportDownloads.js';

export const slaDailyReportWebhookSource: WebhookEventSource<SlaDailyReportGeneratedEvent> = {
  family: 'sla',
  domainTypes: ['sla.daily_report_generated'],
  names: ['sla.daily_report'],
  translate(event) {
    return {
      name: 'sla.daily_report',
      at: event.at,
      data: {
        report: {
          day: event.day,
          generatedAt: new Date(event.at).toISOString(),
          trigger: event.trigger,
          ...event.summary,
          downloads: reportDownloads(event.day),
        },
      },
    };
  },
};
