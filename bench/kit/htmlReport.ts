import type { RunResult } from './result.js';

export function renderHtmlReport(result: RunResult): string {
  return `<!doctype html><title>${result.scenario}</title>`;
}
