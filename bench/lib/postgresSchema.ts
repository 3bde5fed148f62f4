/** A fresh PostgreSQL schema per server under test, selected through the connection's search_path. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchSchema {
  readonly name: string;
  /** The base URL with `options=-c search_path=<schema>`. */
  readonly url: string;
  drop(): Promise<void>;
}

export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

async function run(baseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createSchema(baseUrl: string, prefix: string): Promise<BenchSchema> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await run(baseUrl, `create schema "${name}"`);
  return {
    name,
    url: withSearchPath(baseUrl, name),
    drop: () => run(baseUrl, `drop schema if exists "${name}" cascade`),
  };
}

export async function postgresVersion(baseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version ?? 'unknown';
  } finally {
    await client.end();
  }
}
