/**
 * The SQL of a group commit (batchWriter.ts): one statement per table, chained as one, with the
 * rows as parameters. Pure text building, cached per table by the writer.
 */
import type { Knex } from 'knex';
import type { TableSpec } from './tableSpec.js';

/** The tables' statements as one: all but the last as data-modifying CTEs (each runs to completion). */
export function batchStatement(statements: readonly string[]): string {
  if (statements.length === 1) return statements[0]!;
  const last = statements.length - 1;
  return `with ${statements
    .slice(0, last)
    .map((sql, i) => `t${i} as (${sql})`)
    .join(', ')} ${statements[last]!}`;
}

const q = (name: string) => `"${name}"`;

/** `on conflict ... do update` for an upsert table (every column but the key), nothing for an insert table. */
function conflictClause(table: TableSpec): string {
  if (table.mode !== 'upsert') return '';
  const updates = table.columns.filter((c) => !table.key.includes(c.name)).map((c) => `${q(c.name)} = excluded.${q(c.name)}`);
  return ` on conflict (${table.key.map(q).join(', ')}) do ${updates.length > 0 ? `update set ${updates.join(', ')}` : 'nothing'}`;
}

/** `insert ... select from json_to_recordset(?)`: one parameter per table. */
export function recordsetStatement(table: TableSpec): string {
  const names = table.columns.map((c) => q(c.name)).join(', ');
  const definition = table.columns.map((c) => `${q(c.name)} ${c.type}`).join(', ');
  return `insert into ${q(table.name)} (${names}) select ${names} from json_to_recordset(?::json) as r(${definition})${conflictClause(table)}`;
}

/** `update ... from json_to_recordset(?)`: a patch of existing rows (`mode: 'update'`), one parameter. */
export function updateStatement(table: TableSpec): string {
  const definition = table.columns.map((c) => `${q(c.name)} ${c.type}`).join(', ');
  const sets = table.columns
    .filter((c) => !table.key.includes(c.name))
    .map((c) => `${q(c.name)} = r.${q(c.name)}`)
    .join(', ');
  const match = table.key.map((name) => `t.${q(name)} = r.${q(name)}`).join(' and ');
  return `update ${q(table.name)} as t set ${sets} from json_to_recordset(?::json) as r(${definition}) where ${match}`;
}

/** `insert ... values (?::type, ...), ...`: one parameter per value (`bind: 'values'`). */
export function valuesStatement(table: TableSpec, rowCount: number): string {
  const row = `(${table.columns.map((c) => `?::${c.type}`).join(', ')})`;
  return `insert into ${q(table.name)} (${table.columns.map((c) => q(c.name)).join(', ')}) values ${Array.from({ length: rowCount }, () => row).join(', ')}${conflictClause(table)}`;
}

/** A value as a statement parameter: objects as their JSON text, absent as null. */
export function valueParameter(value: unknown): Knex.Value {
  if (value === undefined) return null;
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : (value as Knex.Value);
}

/** `delete ... using json_to_recordset(?)`: deletes the rows whose key (or `columns`) is in the JSON array. */
export function deleteStatement(table: TableSpec, columns: readonly string[] = table.key): string {
  const definition = columns.map((name) => {
    const column = table.columns.find((c) => c.name === name);
    if (!column) throw new Error(`${table.name}: column ${name} has no column spec`);
    return `${q(name)} ${column.type}`;
  });
  const match = columns.map((name) => `${q(table.name)}.${q(name)} = r.${q(name)}`).join(' and ');
  return `delete from ${q(table.name)} using json_to_recordset(?::json) as r(${definition.join(', ')}) where ${match}`;
}
