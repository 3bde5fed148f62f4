/** Times in tests: a millisecond instant as the ISO 8601 text the API speaks (null stays null). */
export function iso(ms: number): string;
export function iso(ms: number | null): string | null;
export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
