/**
 * The audit plugin's trail: every state-changing call (GraphQL mutation, machine POST, licence
 * activation, plugin toggle, sign-in) is recorded with who, what, when, from where and the outcome.
 *
 * A success is recorded in the same commit as the change: the request runs inside an audit scope
 * (AsyncLocalStorage), and when it hands its change to the writer (`BatchWriter.acknowledge`) the
 * scope stages its record into that batch. If the batch fails, the record goes with it and the
 * failure is recorded instead. A call that fails before changing anything, or changes nothing, is
 * recorded on its own. Nothing is recorded while the audit plugin is inactive. A record keeps the id of
 * the request it came from (src/platform/requestContext), the id every log line of that request has.
 */
import type { Clock } from '../../platform/scheduler/index.js';
import { createContextSlot, currentRequest } from '../../platform/requestContext/requestContext.js';
import { AppError } from '../../platform/errors/catalog.js';
import type { BatchWriter, Row } from '../../platform/persistence/batchWriter.js';
import { iso } from '../../core/storage/tables.js';
import type { PluginGate } from '../../platform/modules/pluginGate.js';
import { auditEventsTable } from './auditTable.js';
import { redact, storable } from './redact.js';

/** Commits a record on its own is staged in before giving up (see `record`). */
const RECORD_ATTEMPTS = 3;

export interface AuditCall {
  readonly kind: 'graphql' | 'rest';
  /** The mutation name, or `POST /api/v1/...`. */
  readonly action: string;
  readonly actorId: string | null;
  /** Username, `api-key`, or the name a sign-in attempt gave. */
  readonly actor: string | null;
  readonly sourceAddress: string;
  /** The call's arguments; read only while the audit plugin is active (not on the hot path otherwise). */
  readonly detail: () => unknown;
}

interface Scope extends Omit<AuditCall, 'detail'> {
  readonly detail: unknown;
  /** The request the call is part of (null: none, e.g. a call a timer made). */
  readonly requestId: string | null;
  staged: boolean;
  identified: { actorId: string | null; actor: string | null } | null;
}

export class AuditTrail {
  /** A slot of the request context's storage, not a storage of its own (one storage costs every promise; requestContext.ts). */
  private readonly scopes = createContextSlot<Scope>('audit scope');

  constructor(
    private readonly deps: {
      readonly writer: BatchWriter;
      readonly plugins: Pick<PluginGate, 'isActive'>;
      readonly clock: Clock;
      readonly newId: () => string;
    },
  ) {
    deps.writer.setAcknowledgeHook(() => this.stageSuccess());
  }

  /** Runs a state-changing call inside an audit scope. */
  async run<T>(call: AuditCall, work: () => Promise<T>): Promise<T> {
    if (!this.deps.plugins.isActive('audit')) return work();
    const scope: Scope = {
      ...call,
      detail: redact(call.detail()),
      requestId: currentRequest()?.requestId ?? null,
      staged: false,
      identified: null,
    };
    return this.scopes.run(scope, async () => {
      let result: T;
      try {
        result = await work();
      } catch (error) {
        await this.record(scope, 'failure', error).catch(() => undefined);
        throw error;
      }
      if (!scope.staged) await this.record(scope, 'success', null);
      return result;
    });
  }

  /**
   * A record on its own (no change of the call goes with it). The batch it joins may be refused for
   * another request's row, or for the batch before it: then it is staged again, so a refusal that
   * had nothing to do with this call does not take its record. Rejects once all attempts failed.
   */
  private async record(scope: Scope, outcome: 'success' | 'failure', error: unknown): Promise<void> {
    const row = this.row(scope, outcome, error);
    for (let attempt = 1; ; attempt += 1) {
      this.deps.writer.insert(auditEventsTable, row);
      try {
        return await this.deps.writer.committed();
      } catch (refused) {
        if (attempt >= RECORD_ATTEMPTS) throw refused;
      }
    }
  }

  /** The caller of the running call, once a handler knows it (e.g. the licence activation's credential). */
  identify(actorId: string | null, actor: string): void {
    const scope = this.scopes.get();
    if (scope) scope.identified = { actorId, actor };
  }

  private stageSuccess(): void {
    const scope = this.scopes.get();
    if (!scope || scope.staged) return;
    scope.staged = true;
    this.deps.writer.insert(auditEventsTable, this.row(scope, 'success', null));
  }

  private row(scope: Scope, outcome: 'success' | 'failure', error: unknown): Row {
    const code = error instanceof AppError ? error.code : error ? 'INTERNAL' : null;
    const message = error instanceof AppError ? error.message : error ? 'internal error' : null;
    return {
      id: this.deps.newId(),
      at: iso(this.deps.clock.now()),
      kind: scope.kind,
      action: scope.action,
      actor_id: scope.identified?.actorId ?? scope.actorId,
      actor: nullable(scope.identified?.actor ?? scope.actor),
      source_address: scope.sourceAddress,
      outcome,
      error_code: code,
      // Messages may quote the request (a NUL, an unpaired surrogate), which would fail the whole batch.
      error_message: message === null ? null : storable(message.slice(0, 500)),
      detail: scope.detail,
      request_id: scope.requestId === null ? null : storable(scope.requestId),
    };
  }
}

function nullable(text: string | null): string | null {
  return text === null ? null : storable(text.slice(0, 200));
}
