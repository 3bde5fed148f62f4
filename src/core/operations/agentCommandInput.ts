/**
 * `queueAgentCommand`'s input, validated once into a typed request: the node path, the command kind
 * with the payload that kind takes (and nothing else), and the fetch deadline. Enum values arrive
 * already mapped to the product's names (`resync`, `Deployment`) by the schema.
 */
import {
  MAX_FETCH_TTL_MS,
  MIN_FETCH_TTL_MS,
  DEFAULT_FETCH_TTL_MS,
  type AgentCommandSpec,
  type AgentCommandType,
  type WorkloadKind,
} from '../domain/agentCommand.js';
import { AppError, ErrorCode, assertNever } from '../../platform/errors/catalog.js';
import { nodePath, Warnings } from '../protocol/fields.js';
import { AGENT_COMMAND_TYPE_NAMES } from './agentCommandNames.js';

export interface QueueAgentCommandInput {
  readonly nodeId: string;
  readonly type: AgentCommandType;
  readonly workload?: { readonly namespace: string; readonly kind: WorkloadKind; readonly name: string } | null;
  readonly ttlSeconds?: number | null;
}

export interface QueueAgentCommandRequest {
  readonly nodeId: string;
  readonly command: AgentCommandSpec;
  readonly fetchTtlMs: number;
}

/** Kubernetes names: a namespace is a DNS-1123 label, a workload name a DNS-1123 subdomain. */
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const MAX_NAMESPACE = 63;
const MAX_WORKLOAD_NAME = 253;

const bad = (message: string) => new AppError(ErrorCode.BadRequest, message);

export function readQueueAgentCommandInput(input: QueueAgentCommandInput): QueueAgentCommandRequest {
  return { nodeId: nodePath(input.nodeId, 'nodeId', new Warnings()), command: commandSpec(input), fetchTtlMs: fetchTtl(input.ttlSeconds) };
}

function commandSpec(input: QueueAgentCommandInput): AgentCommandSpec {
  const name = AGENT_COMMAND_TYPE_NAMES[input.type];
  switch (input.type) {
    case 'resync':
    case 'refresh_config':
      if (input.workload != null) throw bad(`${name} takes no workload; leave "workload" out`);
      return { type: input.type, payload: {} };
    case 'restart_workload': {
      const workload = input.workload;
      if (workload == null) throw bad(`${name} needs "workload": {namespace, kind, name} of the workload to restart`);
      return {
        type: input.type,
        payload: { namespace: namespace(workload.namespace), kind: workload.kind, name: workloadName(workload.name) },
      };
    }
    default:
      return assertNever(input.type);
  }
}

function namespace(value: string): string {
  if (value.length > MAX_NAMESPACE || !DNS_LABEL.test(value)) {
    throw bad(
      `workload.namespace must be a Kubernetes namespace: lower-case letters, digits and "-", starting and ending with a letter or digit, at most ${MAX_NAMESPACE} characters`,
    );
  }
  return value;
}

function workloadName(value: string): string {
  if (value.length > MAX_WORKLOAD_NAME || !DNS_SUBDOMAIN.test(value)) {
    throw bad(
      `workload.name must be a Kubernetes object name: lower-case letters, digits, "-" and ".", starting and ending with a letter or digit, at most ${MAX_WORKLOAD_NAME} characters`,
    );
  }
  return value;
}

function fetchTtl(ttlSeconds: number | null | undefined): number {
  if (ttlSeconds == null) return DEFAULT_FETCH_TTL_MS;
  const min = MIN_FETCH_TTL_MS / 1000;
  const max = MAX_FETCH_TTL_MS / 1000;
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < min || ttlSeconds > max)
    throw bad(`ttlSeconds must be a whole number from ${min} to ${max}`);
  return ttlSeconds * 1000;
}
