/**
 * Scraping `GET /metrics` as Prometheus does, and reading the exposition back: every family through
 * parse-prometheus-text-format (a Prometheus text parser: the exposition must parse), and every sample
 * line by a strict reader of the format's grammar, since that parser folds a labelled histogram's
 * series into one and so cannot give their values.
 */
import assert from 'node:assert/strict';
import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import { eventually } from './polling.js';

export const METRICS_TOKEN = 'test-metrics-token-0123456789';
/** startTestServer env that serves /metrics on the main port behind METRICS_TOKEN. */
export const METRICS_ENV: Record<string, string> = { SVC_METRICS_TOKEN: METRICS_TOKEN };

export interface Scrape {
  readonly status: number;
  readonly contentType: string | null;
  readonly text: string;
}

export async function scrape(
  baseUrl: string,
  headers: Record<string, string> = { authorization: `Bearer ${METRICS_TOKEN}` },
): Promise<Scrape> {
  const response = await fetch(`${baseUrl}/metrics`, { headers });
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
}

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Exposition {
  readonly families: readonly ParsedFamily[];
  readonly samples: readonly Sample[];
  /** The value of the one sample named `name` with exactly `labels`; undefined when there is none. */
  value(name: string, labels?: Readonly<Record<string, string>>): number | undefined;
  /** Sample lines per family (a histogram's `_bucket`, `_sum` and `_count` lines are its family's). */
  seriesByFamily(): Map<string, number>;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;

/** Reads a text-format exposition; fails the test on a line that is not a comment, blank or a well-formed sample. */
export function readExposition(text: string): Exposition {
  const families = parsePrometheusTextFormat(text);
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    assert.ok(match, `a sample line: ${line}`);
    const labels: Record<string, string> = {};
    if (match[2] !== undefined && match[2] !== '') {
      LABEL.lastIndex = 0;
      while (LABEL.lastIndex < match[2].length) {
        const label = LABEL.exec(match[2]);
        assert.ok(label, `well-formed labels: ${line}`);
        labels[label[1]!] = label[2]!;
      }
    }
    // prom-client writes NaN as `Nan` (an event-loop figure before its first sample); Prometheus reads any case.
    const nan = /^nan$/i.test(match[3]!);
    const value = nan ? Number.NaN : Number(match[3] === '+Inf' ? Infinity : match[3] === '-Inf' ? -Infinity : match[3]);
    assert.ok(nan || !Number.isNaN(value), `a number: ${line}`);
    samples.push({ name: match[1]!, labels, value });
  }
  const familyOf = (name: string): string => {
    if (families.some((f) => f.name === name)) return name;
    const base = name.replace(/_(bucket|sum|count)$/, '');
    return families.some((f) => f.name === base && (f.type === 'HISTOGRAM' || f.type === 'SUMMARY')) ? base : name;
  };
  return {
    families,
    samples,
    value(name, labels = {}) {
      const keys = Object.keys(labels);
      const found = samples.filter(
        (s) => s.name === name && Object.keys(s.labels).length === keys.length && keys.every((k) => s.labels[k] === labels[k]),
      );
      assert.ok(found.length <= 1, `at most one sample ${name}${JSON.stringify(labels)}`);
      return found[0]?.value;
    },
    seriesByFamily() {
      const counts = new Map<string, number>();
      for (const sample of samples) counts.set(familyOf(sample.name), (counts.get(familyOf(sample.name)) ?? 0) + 1);
      return counts;
    },
  };
}

/** Scrapes `baseUrl` (as the test's token) and reads it; fails unless it answers 200 in the text format. */
export async function metricsOf(baseUrl: string): Promise<Exposition> {
  const scraped = await scrape(baseUrl);
  assert.equal(scraped.status, 200, scraped.text);
  assert.match(scraped.contentType ?? '', /^text\/plain; version=0\.0\.4/);
  return readExposition(scraped.text);
}

/** Scrapes until `name{labels}` reaches at least `atLeast` (what a request moved is applied after its answer, or after a commit). */
export function metricReaches(baseUrl: string, name: string, labels: Readonly<Record<string, string>>, atLeast: number): Promise<number> {
  let last: number | undefined;
  return eventually(
    async () => {
      last = (await metricsOf(baseUrl)).value(name, labels);
      return last !== undefined && last >= atLeast ? last : undefined;
    },
    () => `${name}${JSON.stringify(labels)} reaches ${atLeast} (is ${last})`,
  );
}
