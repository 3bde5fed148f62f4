/**
 * Scoped agent keys in memory, kept equal to the `agent_keys` table. A key is
 * `svcak_<id>_<secret>`: the id finds the record in one map lookup, and SHA-256 of the secret is
 * compared in constant time with the stored hash (a 256-bit random secret needs no slow hash).
 * A revocation changes memory at once, so the next request with the key is refused, no restart.
 *
 * Uses are remembered in memory and written in one batch per flush (the module flushes every
 * minute and on stop), not one write per request.
 */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CommittedMap } from '../../core/fleet/committedMap.js';
import type { Clock } from '../../platform/scheduler/index.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { MachineAuthResult, MachineScope, ScopedKeys } from '../../platform/gateway/machineAuth.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { admitTarget, endpointName } from './agentKeyEndpoints.js';
import { agentKeysTable, agentKeyToRow, type AgentKeyBudget, type AgentKeyRecord } from './agentKeyTables.js';

export const AGENT_KEY_PREFIX = 'svcak_';
const ID_LENGTH = 24; // 12 random bytes, hex
const SECRET_START = AGENT_KEY_PREFIX.length + ID_LENGTH + 1;

export interface NewAgentKey {
  readonly name: string;
  readonly nodePath: string;
  readonly endpoints: readonly string[];
  /** @default null (the per-address limit) */
  readonly requestBudget?: AgentKeyBudget | null;
}

const secretDigest = (secret: string): Buffer => hash('sha256', secret, 'buffer');

export class AgentKeyRegistry implements ScopedKeys {
  readonly prefix = AGENT_KEY_PREFIX;
  private readonly keys: CommittedMap<AgentKeyRecord>;
  /** Hash bytes and scope per key id, so a request decodes nothing. */
  private readonly active = new Map<
    string,
    { digest: Buffer; scope: MachineScope; endpoints: ReadonlySet<string>; record: AgentKeyRecord }
  >();
  /** Uses since the last flush: key id -> epoch ms. */
  private readonly uses = new Map<string, number>();

  constructor(
    writer: BatchWriter,
    private readonly clock: Clock,
  ) {
    this.keys = new CommittedMap(writer, agentKeysTable, agentKeyToRow, (id, restored) => this.index(id, restored));
  }

  load(record: AgentKeyRecord): void {
    this.keys.load(record.id, record);
    this.index(record.id, record);
  }

  /** A key another instance committed (created, revoked, its use recorded); see `CommittedMap.adopt`. Nothing is written. */
  adopt(id: string, record: AgentKeyRecord | undefined): void {
    if (this.keys.adopt(id, record)) this.index(id, record);
  }

  get(id: string): AgentKeyRecord | undefined {
    const record = this.keys.get(id);
    return record === undefined ? undefined : this.withUse(record);
  }

  list(includeRevoked: boolean): AgentKeyRecord[] {
    return [...this.keys.values()]
      .filter((k) => includeRevoked || k.revokedAt === null)
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))
      .map((k) => this.withUse(k));
  }

  /** Stages a new key; the whole key is in the answer and nowhere else. */
  create(draft: NewAgentKey, createdBy: string): { record: AgentKeyRecord; key: string } {
    const id = randomBytes(ID_LENGTH / 2).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    const record: AgentKeyRecord = {
      id,
      name: draft.name,
      secretHash: secretDigest(secret).toString('hex'),
      nodePath: draft.nodePath,
      endpoints: [...draft.endpoints],
      requestBudget: draft.requestBudget ?? null,
      createdAt: this.clock.now(),
      createdBy,
      lastUsedAt: null,
      revokedAt: null,
      revokedBy: null,
    };
    this.keys.set(id, record);
    this.index(id, record);
    return { record, key: `${AGENT_KEY_PREFIX}${id}_${secret}` };
  }

  /** Stages a new request budget (null: back to the per-address limit); it applies from the next request on. */
  setBudget(id: string, budget: AgentKeyBudget | null): AgentKeyRecord {
    const record = this.keys.get(id);
    if (record === undefined) throw new AppError(ErrorCode.NotFound, `no agent key with id ${id}`);
    if (record.revokedAt !== null) throw new AppError(ErrorCode.BadRequest, `agent key ${id} is revoked; make a new key instead`);
    const changed: AgentKeyRecord = { ...record, requestBudget: budget };
    this.keys.set(id, changed);
    this.index(id, changed);
    return this.withUse(changed);
  }

  /** Stages the revocation; the key is refused from now on. */
  revoke(id: string, revokedBy: string): AgentKeyRecord {
    const record = this.keys.get(id);
    if (record === undefined) throw new AppError(ErrorCode.NotFound, `no agent key with id ${id}`);
    if (record.revokedAt !== null) return this.withUse(record);
    const revoked: AgentKeyRecord = { ...this.withUse(record), revokedAt: this.clock.now(), revokedBy };
    this.uses.delete(id);
    this.keys.set(id, revoked);
    this.index(id, revoked);
    return revoked;
  }

  authenticate(presented: string, path: string): MachineAuthResult | undefined {
    if (presented.length <= SECRET_START || presented.charCodeAt(SECRET_START - 1) !== 95 /* _ */) return undefined;
    const id = presented.slice(AGENT_KEY_PREFIX.length, SECRET_START - 1);
    const entry = this.active.get(id);
    if (entry === undefined || !timingSafeEqual(secretDigest(presented.slice(SECRET_START)), entry.digest)) {
      // A revoked key has no entry: it fails here like any wrong key, without saying it existed.
      return this.keys.has(id) ? { ok: false, reason: 'invalid API key: this agent key is revoked or wrong' } : undefined;
    }
    const name = endpointName(path);
    if (name === undefined || !entry.endpoints.has(name)) {
      return {
        ok: false,
        forbidden: true,
        reason: `agent key "${entry.record.name}" may not call ${path}; it may call ${[...entry.endpoints].join(', ')}`,
      };
    }
    this.uses.set(id, this.clock.now());
    return { ok: true, scope: entry.scope };
  }

  /** Stages the uses since the last flush as one row each; returns how many. */
  flushUses(): number {
    let written = 0;
    for (const [id, at] of this.uses) {
      const record = this.keys.get(id);
      if (record !== undefined && record.revokedAt === null) {
        this.keys.set(id, { ...record, lastUsedAt: at });
        written += 1;
      }
    }
    this.uses.clear();
    return written;
  }

  private withUse(record: AgentKeyRecord): AgentKeyRecord {
    const used = this.uses.get(record.id);
    return used === undefined ? record : { ...record, lastUsedAt: used };
  }

  private index(id: string, record: AgentKeyRecord | undefined): void {
    if (record === undefined || record.revokedAt !== null) {
      this.active.delete(id);
      return;
    }
    const subtree = record.nodePath;
    const scope: MachineScope = {
      keyId: id,
      keyName: record.name,
      budget: record.requestBudget,
      admit: ({ path, query, body }) => admitTarget(endpointName(path) ?? path, subtree, query, body),
    };
    this.active.set(id, { digest: Buffer.from(record.secretHash, 'hex'), scope, endpoints: new Set(record.endpoints), record });
  }
}
