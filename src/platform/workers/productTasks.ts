/**
 * The product's CPU task kinds, one per job: the `WorkerInput` / `WorkerOutput` unions and the
 * handler of each. A new job adds its task and result messages here and its pure handler beside the
 * code that owns it (the handler runs in a worker thread: no I/O, no state, no clock).
 */
import { summarizeDashboard, type DashboardStatsResult, type DashboardStatsTask } from '../../core/dashboard/dashboardTask.js';
import {
  computePeriodResults,
  computeTrendSeries,
  type SlaPeriodResultsResult,
  type SlaPeriodResultsTask,
  type SlaTrendSeriesResult,
  type SlaTrendSeriesTask,
} from '../../plugins/sla/slaBatchTasks.js';
import { catchUpOpenPeriod, type SlaCatchUpResult, type SlaCatchUpTask } from '../../plugins/sla/incremental/catchUpTask.js';
import { readTemplateYaml, type TemplateYamlResult, type TemplateYamlTask } from '../../plugins/ticketing/templates/templateYamlTask.js';
import type { TaskHandlers, WorkerPool } from './workerPool.js';

export type WorkerInput = DashboardStatsTask | SlaPeriodResultsTask | SlaTrendSeriesTask | SlaCatchUpTask | TemplateYamlTask;
export type WorkerOutput = DashboardStatsResult | SlaPeriodResultsResult | SlaTrendSeriesResult | SlaCatchUpResult | TemplateYamlResult;

export const productTasks: TaskHandlers<WorkerInput, WorkerOutput> = {
  dashboardStats: summarizeDashboard,
  slaPeriodResults: computePeriodResults,
  slaTrendSeries: computeTrendSeries,
  slaCatchUp: catchUpOpenPeriod,
  templateYaml: readTemplateYaml,
};

export type ProductWorkerPool = WorkerPool<WorkerInput, WorkerOutput>;
