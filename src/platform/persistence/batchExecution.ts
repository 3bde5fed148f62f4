/**
 * Writing one batch (batch.ts) to the database: the SQL of each table's rows (batchStatements.ts,
 * cached per table), then ONE statement for a batch without deletes, or one transaction (deletes
 * children first, then that statement) for a batch with deletes. A batch that touches shards (cluster
 * mode) carries the fence in that same statement or transaction (batchFence.ts).
 */
import type { Knex } from 'knex';
import type { Batch } from './batch.js';
import { FENCE_CALL, fenceBindings, fencedStatement } from './batchFence.js';
import {
  batchStatement,
  deleteStatement,
  recordsetStatement,
  updateStatement,
  valueParameter,
  valuesStatement,
} from './batchStatements.js';
import { knexStatements, type StatementRunner } from './statementRunner.js';
import { commitOrder, type Row, type TableSpec } from './tableSpec.js';

/** `bind: 'values'` up to this many parameters per table and batch (PostgreSQL allows 65,535 per statement); beyond, the table's rows go as JSON. */
const MAX_VALUE_PARAMETERS = 10_000;

export class BatchExecutor {
  private readonly statements = new Map<TableSpec, string>();
  private readonly deleteStatements = new Map<TableSpec, string>();
  private readonly deleteWhereStatements = new Map<TableSpec, Map<string, string>>();
  private readonly singleRowStatements = new Map<TableSpec, string>();

  /** `statements`: how a batch without deletes is sent (statementRunner.ts); deletes always go through a knex transaction. */
  constructor(
    private readonly knex: Knex,
    private readonly runner: StatementRunner = knexStatements(knex),
    /** Commit orders derived for tables declared without one (moduleList.ts `tableOrder`). */
    private readonly derivedOrder: ReadonlyMap<string, number> = new Map(),
  ) {}

  private orderOf(table: TableSpec): number {
    return commitOrder(table, this.derivedOrder);
  }

  async execute(batch: Batch): Promise<void> {
    const tables = [...new Set([...batch.upserts.keys(), ...batch.inserts.keys()])].sort((a, b) => this.orderOf(a) - this.orderOf(b));
    const statements: string[] = [];
    const bindings: Knex.RawBinding[] = [];
    for (const table of tables) {
      const rows: Row[] = [];
      const upserts = batch.upserts.get(table);
      if (upserts) for (const staged of upserts.values()) rows.push(staged.row);
      const inserts = batch.inserts.get(table);
      // A loop, not push(...inserts): spreading >~120k rows as arguments overflows the stack.
      if (inserts) for (const row of inserts) rows.push(row);
      if (rows.length === 0) continue;
      if (table.bind === 'values' && rows.length * table.columns.length <= MAX_VALUE_PARAMETERS) {
        // One row is the usual case (an outbox page per batch): its statement is built once.
        statements.push(
          rows.length === 1 ? cached(this.singleRowStatements, table, (t) => valuesStatement(t, 1)) : valuesStatement(table, rows.length),
        );
        for (const row of rows) for (const column of table.columns) bindings.push(valueParameter(row[column.name]));
        continue;
      }
      statements.push(this.statementFor(table));
      bindings.push(JSON.stringify(rows));
    }
    const shards = batch.shards;
    if (batch.deletes.size === 0 && batch.deletesWhere.size === 0) {
      if (statements.length === 0) return;
      // One statement per batch: atomic by itself, so no BEGIN/COMMIT round trips (one round trip
      // per commit instead of two plus one per table). Foreign keys are checked at the end of the
      // statement, after every table's rows are in. The fence, when there is one, is part of it.
      if (shards === undefined) await this.runner.run(batchStatement(statements), bindings);
      else {
        bindings.push(...fenceBindings(shards));
        await this.runner.run(fencedStatement(statements), bindings);
      }
      return;
    }
    // Deletes: one transaction, children before parents (a foreign key without cascade is checked
    // at the end of each statement), then the upserts. Only `trx`: PGlite has one connection.
    const deleteTables = [...new Set([...batch.deletes.keys(), ...batch.deletesWhere.keys()])].sort(
      (a, b) => this.orderOf(b) - this.orderOf(a),
    );
    await this.knex.transaction(async (trx) => {
      // First: a stale owner's transaction stops before it writes anything.
      if (shards !== undefined) await trx.raw(FENCE_CALL, fenceBindings(shards));
      for (const table of deleteTables) {
        const rows = batch.deletes.get(table);
        if (rows) {
          const keys: Row[] = [];
          for (const staged of rows.values()) keys.push(staged.row);
          await trx.raw(this.deleteStatementFor(table), [JSON.stringify(keys)]);
        }
        for (const [column, values] of batch.deletesWhere.get(table) ?? []) {
          await trx.raw(this.deleteWhereStatementFor(table, column), [JSON.stringify([...values].map((value) => ({ [column]: value })))]);
        }
      }
      if (statements.length > 0) await trx.raw(batchStatement(statements), bindings);
    });
  }

  deleteStatementFor(table: TableSpec): string {
    return cached(this.deleteStatements, table, deleteStatement);
  }

  deleteWhereStatementFor(table: TableSpec, column: string): string {
    let byColumn = this.deleteWhereStatements.get(table);
    if (!byColumn) this.deleteWhereStatements.set(table, (byColumn = new Map()));
    let sql = byColumn.get(column);
    if (sql === undefined) byColumn.set(column, (sql = deleteStatement(table, [column])));
    return sql;
  }

  private statementFor(table: TableSpec): string {
    return cached(this.statements, table, table.mode === 'update' ? updateStatement : recordsetStatement);
  }
}

function cached(cache: Map<TableSpec, string>, table: TableSpec, build: (table: TableSpec) => string): string {
  let sql = cache.get(table);
  if (sql === undefined) cache.set(table, (sql = build(table)));
  return sql;
}
