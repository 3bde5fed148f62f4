/**
 * SLA plugin helpers for integration tests: a server with the `sla` plugin active (a licence
 * activated over HTTP), GraphQL calls that must succeed, and the machine calls that make services
 * (registration, health push, status sync).
 */
import assert from 'node:assert/strict';
import type { ManualClock } from '../../src/platform/scheduler/index.js';
import type { Backend } from './backends.js';
import { gql, signInAdmin, type SignedIn } from './graphql.js';
import { activated, LICENSE_ENV, licenseToken } from './license.js';
import { startTestServer, type TestServer, type TestServerOptions } from './testServer.js';

export interface SlaServer {
  readonly t: TestServer;
  readonly admin: SignedIn;
}

/** A server whose licence has the sla plugin active. */
export async function startSlaServer(backend: Backend, clock: ManualClock, options: TestServerOptions = {}): Promise<SlaServer> {
  const t = await startTestServer(backend, { clock, env: LICENSE_ENV, ...options });
  await activated(t, licenseToken(clock, { plugins: ['sla'] }));
  return { t, admin: await signInAdmin(t) };
}

/** Runs a document that must answer without errors; its data. */
export async function okGql(t: TestServer, token: string, query: string, variables?: Record<string, unknown>): Promise<any> {
  const res = await gql(t, query, variables, token);
  assert.equal(res.errors, undefined, res.text);
  return res.data;
}

/** A service created by a health push (the machine API), its id. */
export async function pushedService(t: TestServer, name: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await t.call('POST', '/api/v1/health/report', {
    service: name,
    nodeId: 'eu/prod/k8s-1/apps',
    status: 'OPERATIONAL',
    ...body,
  });
  assert.equal(res.status, 200, res.text);
  const id = (await t.serviceRow('eu/prod/k8s-1/apps', name)).id as string;
  return id;
}

/** The service's status as a health push sets it. */
export async function pushStatus(t: TestServer, name: string, status: string, message?: string): Promise<void> {
  const res = await t.call('POST', '/api/v1/health/report', {
    service: name,
    nodeId: 'eu/prod/k8s-1/apps',
    status,
    ...(message ? { message } : {}),
  });
  assert.equal(res.status, 200, res.text);
}

export const DEFINITION_FIELDS =
  'id name description targetPercent period degradedCountsAsDown timeZone burnRates { fast { threshold longWindowMinutes shortWindowMinutes } slow { threshold longWindowMinutes shortWindowMinutes } }';
export const CREATE_DEFINITION = `mutation($i: CreateSLADefinitionInput!) { createSLADefinition(input: $i) { ${DEFINITION_FIELDS} } }`;

/** Creates a definition (defaults: 99.9 % monthly) as `token`; its id. */
export async function createdDefinition(t: TestServer, token: string, input: Record<string, unknown> = {}): Promise<string> {
  const data = await okGql(t, token, CREATE_DEFINITION, {
    i: { name: `def-${Math.random().toString(36).slice(2, 8)}`, targetPercent: 99.9, period: 'MONTH', ...input },
  });
  return data.createSLADefinition.id;
}

export const ASSIGN =
  'mutation($i: AssignSLAInput!) { assignSLAToService(input: $i) { id slaGroup service { id name } definition { id name } } }';
