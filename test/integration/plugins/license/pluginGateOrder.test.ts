/**
 * The plugin gate checks the person first (issue 27, item 3): a field of an inactive plugin answers
 * UNAUTHENTICATED or FORBIDDEN to a person who may not use it, exactly as it would with the plugin
 * on, and PLUGIN_INACTIVE only to a person who may; nobody learns about a plugin they may not use.
 * Before, PLUGIN_INACTIVE came first for everyone. The refused calls change nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { LICENSE_ENV } from '../../../support/license.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const AUDIT = '{ auditEvents { id } }';
const DELETE_DEFINITION = 'mutation { deleteSLADefinition(id: "6f1d0c1e-8f53-4b8a-9a53-3b0e0b9e3c11") }';
const DEFINITIONS = '{ slaDefinitions { id } }';

for (const backend of testBackends()) {
  describe(`plugin gate order: the person's right before the plugin's state (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(Date.parse('2026-06-01T08:00:00Z'));
    let t: TestServer;
    const people: Record<'admin' | 'operator' | 'user', SignedIn | undefined> = { admin: undefined, operator: undefined, user: undefined };
    before(async () => {
      // No licence: every plugin is inactive.
      t = await startTestServer(backend, { clock, env: LICENSE_ENV });
      const admin = await signInAdmin(t);
      people.admin = admin;
      people.operator = await personWithRole(t, admin, 'OPERATOR');
      people.user = await personWithRole(t, admin, 'USER');
    });
    after(() => t.close());

    const cases: ReadonlyArray<readonly [string, string, keyof typeof people | 'nobody', string]> = [
      ['audit (admins): auditEvents', AUDIT, 'user', 'FORBIDDEN'],
      ['audit (admins): auditEvents', AUDIT, 'operator', 'FORBIDDEN'],
      ['audit (admins): auditEvents', AUDIT, 'nobody', 'UNAUTHENTICATED'],
      ['audit (admins): auditEvents', AUDIT, 'admin', 'PLUGIN_INACTIVE'],
      ['sla (staff write): deleteSLADefinition', DELETE_DEFINITION, 'user', 'FORBIDDEN'],
      ['sla (staff write): deleteSLADefinition', DELETE_DEFINITION, 'operator', 'PLUGIN_INACTIVE'],
      ['sla (everyone reads): slaDefinitions', DEFINITIONS, 'user', 'PLUGIN_INACTIVE'],
      ['sla (everyone reads): slaDefinitions', DEFINITIONS, 'nobody', 'UNAUTHENTICATED'],
    ];
    for (const [field, document, who, code] of cases) {
      it(`${field} of the inactive plugin answers ${who === 'nobody' ? 'a caller without a token' : `a${who === 'admin' || who === 'operator' ? 'n' : ''} ${who}`} ${code}`, async () => {
        const res = await gql(t, document, undefined, who === 'nobody' ? undefined : people[who]!.accessToken);
        assert.deepEqual(res.codes, [code], res.text);
        if (code === 'PLUGIN_INACTIVE') assert.match(res.errors![0].message, /plugin is not active/);
        else assert.doesNotMatch(res.errors![0].message, /plugin/);
      });
    }
  });
}
