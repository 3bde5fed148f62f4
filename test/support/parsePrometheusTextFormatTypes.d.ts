/** parse-prometheus-text-format ships no types; the tests use this much of it. */
declare module 'parse-prometheus-text-format' {
  export interface ParsedFamily {
    readonly name: string;
    readonly help: string;
    readonly type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    readonly metrics: ReadonlyArray<{
      readonly value?: string;
      readonly labels?: Readonly<Record<string, string>>;
      readonly buckets?: Readonly<Record<string, string>>;
      readonly count?: string;
      readonly sum?: string;
    }>;
  }
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
