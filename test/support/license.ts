/**
 * Licence helpers for integration tests: a vendor key pair the test servers trust (SVC_LICENSE_PUBLIC_KEY),
 * a stranger's pair, tokens issued against a (manual) clock, the activation call, the GraphQL documents,
 * and a probe route that asks the plugin gate, standing in for a plugin endpoint.
 */
import assert from 'node:assert/strict';
import type { Clock } from '../../src/platform/scheduler/index.js';
import { jsonReply } from '../../src/platform/gateway/http.js';
import type { Route } from '../../src/platform/gateway/routes.js';
import type { AppServices } from '../../src/plugins/productModules.js';
import {
  decodeSecretKey,
  generateKeyPair,
  isPluginName,
  issueLicenseToken,
  type LicenseInput,
} from '../../src/plugins/license/licenseToken.js';
import { BOOTSTRAP_ENV, gql, signInAdmin } from './graphql.js';
import { call, TEST_API_KEY, type TestResponse, type TestServer } from './testServer.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const VENDOR = generateKeyPair();
export const STRANGER = generateKeyPair();

/** startTestServer env: known admin password and the vendor's public key. */
export const LICENSE_ENV: Record<string, string> = { ...BOOTSTRAP_ENV, SVC_LICENSE_PUBLIC_KEY: VENDOR.publicKey };

/** A token signed with `secretKey` (base64, default the vendor's): ticketing and sla for 30 days, issued an hour before `clock`. */
export function licenseToken(clock: Clock, overrides: Partial<LicenseInput> = {}, secretKey = VENDOR.secretKey): string {
  const now = clock.now();
  return issueLicenseToken(
    {
      licenseId: 'lic-1',
      customer: 'ACME Ltd',
      plugins: ['ticketing', 'sla'],
      issuedAt: now - HOUR,
      expiresAt: now + 30 * DAY,
      ...overrides,
    },
    decodeSecretKey(secretKey),
  );
}

/** POST /api/v1/license/activate with the operator API key unless `headers` says otherwise. */
export function activate(
  t: TestServer,
  licenseKey: unknown,
  headers: Record<string, string> = { 'x-api-key': TEST_API_KEY },
): Promise<TestResponse> {
  return call(t.url, 'POST', '/api/v1/license/activate', { licenseKey }, headers);
}

/** Activates and fails the test unless the server answers 200. */
export async function activated(t: TestServer, licenseKey: string): Promise<TestResponse> {
  const res = await activate(t, licenseKey);
  assert.equal(res.status, 200, res.text);
  return res;
}

export const LICENSE_INFO =
  '{ licenseInfo { status licenseId customer issuedAt expiresAt activatedAt plugins { name licensed enabled active } } }';
export const TOGGLE = 'mutation($n: String!, $e: Boolean!) { togglePlugin(name: $n, enabled: $e) { name licensed enabled active } }';

/** licenseInfo as the admin (or as the holder of `accessToken`). */
export async function licenseInfo(t: TestServer, accessToken?: string): Promise<any> {
  const res = await gql(t, LICENSE_INFO, undefined, accessToken ?? (await signInAdmin(t)).accessToken);
  assert.equal(res.errors, undefined, res.text);
  return res.data.licenseInfo;
}

/** Names of the active plugins in a licenseInfo result. */
export const activeNames = (info: { plugins: { name: string; active: boolean }[] }): string[] =>
  info.plugins.filter((p) => p.active).map((p) => p.name);

/** `GET /test/plugin-gate?plugin=<name>`: 200 when the plugin is active, else the gate's error. */
export const gateRoutes = (app: AppServices): Route[] => [
  {
    method: 'GET',
    path: '/test/plugin-gate',
    auth: 'none',
    rateLimited: false,
    bodyLimit: 0,
    async handle(request) {
      const plugin = request.query.get('plugin') ?? '';
      if (!isPluginName(plugin)) return jsonReply(404, { error: `no plugin ${plugin}` });
      app.license.require(plugin);
      return jsonReply(200, { plugin, active: true });
    },
  },
];

export const gate = (t: TestServer, plugin: string): Promise<TestResponse> => call(t.url, 'GET', `/test/plugin-gate?plugin=${plugin}`);

/** Rows of license_activations, oldest activation first. */
export const activationRows = (t: TestServer): Promise<any[]> =>
  t.server.database.knex('license_activations').select('*').orderBy('activated_at');
