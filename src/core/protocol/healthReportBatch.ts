/**
 * The batch health push (`POST /api/v1/health/report/batch`, README "Machine API"): `{"reports":
 * [...]}`, each entry a single push's body. Entries are read one by one with the single push's
 * reader; an entry that cannot be read becomes a refusal with its index and reason, and the rest
 * of the batch still applies (as a status sync's refused entries do). Only a body that is not such
 * an object, or has no entries or too many, is refused whole.
 */
import { AppError } from '../../platform/errors/catalog.js';
import { BodyFields, readBody, type Parsed } from './bodyFields.js';
import { badRequest, expectObject, type Json } from './fields.js';
import { parseHealthReport, type HealthReport } from './machineBodies.js';

const BATCH_FIELDS = new BodyFields(['reports']);

/** Entries per batch, at most: one commit stays short, and a host with a thousand services sends two. */
export const MAX_BATCH_REPORTS = 1000;

export type BatchEntry =
  | { readonly index: number; readonly ok: true; readonly report: HealthReport; readonly warnings: readonly string[] }
  | { readonly index: number; readonly ok: false; readonly error: string };

/** The entries, and a warning per unknown top-level field (an entry's own go with its result). */
export function parseHealthReportBatch(body: Json): Parsed<readonly BatchEntry[]> {
  return readBody(body, BATCH_FIELDS, readEntries);
}

function readEntries(body: Json): readonly BatchEntry[] {
  const reports = body['reports'];
  if (!Array.isArray(reports))
    throw badRequest('field "reports" must be an array of health reports (each the body of POST /api/v1/health/report)');
  if (reports.length === 0) throw badRequest('field "reports" is empty; send at least one health report');
  if (reports.length > MAX_BATCH_REPORTS)
    throw badRequest(`field "reports" has ${reports.length} entries; send at most ${MAX_BATCH_REPORTS} per request`);
  return reports.map((raw: unknown, index): BatchEntry => {
    try {
      const { value, warnings } = parseHealthReport(expectObject(raw, `reports[${index}]`));
      return { index, ok: true, report: value, warnings };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { index, ok: false, error: error.message };
    }
  });
}
