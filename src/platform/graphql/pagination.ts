/** Page arguments shared by every list: `limit` (at most 1000) and `offset`. */
import { AppError, ErrorCode } from '../errors/catalog.js';

export const MAX_PAGE_SIZE = 1000;

export const pageArgs = 'limit: Int = 100, offset: Int = 0';

export interface Page {
  readonly limit: number;
  readonly offset: number;
}

export function readPage(args: { limit?: number | null; offset?: number | null }, defaultLimit = 100): Page {
  const limit = args.limit ?? defaultLimit;
  const offset = args.offset ?? 0;
  if (limit < 0 || limit > MAX_PAGE_SIZE)
    throw new AppError(ErrorCode.BadRequest, `limit must be between 0 and ${MAX_PAGE_SIZE}, got ${limit}`);
  if (offset < 0) throw new AppError(ErrorCode.BadRequest, `offset must not be negative, got ${offset}`);
  return { limit, offset };
}

/** The page of an already ordered sequence, without copying what comes before it. */
export function slicePage<T>(items: Iterable<T>, page: Page, keep: (item: T) => boolean = () => true): T[] {
  const out: T[] = [];
  let skipped = 0;
  if (page.limit === 0) return out;
  for (const item of items) {
    if (!keep(item)) continue;
    if (skipped < page.offset) {
      skipped += 1;
      continue;
    }
    out.push(item);
    if (out.length === page.limit) break;
  }
  return out;
}
