import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { productModules } from '../../../../src/plugins/productModules.js';
import { authorize, can, ROLES, usePermissions, type Action, type Role, type Viewer } from '../../../../src/core/auth/roles.js';
import { AppError } from '../../../../src/platform/errors/catalog.js';

// The product's permission table: every module's declarations, as app.ts hands them over at start.
const PERMISSIONS = Object.fromEntries(productModules().permissions());
usePermissions(Object.entries(PERMISSIONS));

const viewer = (role: Role): Viewer => ({ userId: 'u', username: 'someone', role, sessionId: 's' });

/** The policy as a table: who may do what. A change to PERMISSIONS must change this table too. */
const EXPECTED: Record<Action, readonly Role[]> = {
  'directory:read': ['admin', 'operator', 'user'],
  'user:read-private': ['admin'],
  'user:manage': ['admin'],
  'group:manage': ['admin'],
  'session:manage-others': ['admin'],
  'service:read': ['admin', 'operator', 'user'],
  'service:write': ['admin', 'operator'],
  'service:delete': ['admin', 'operator'],
  'node:read': ['admin', 'operator', 'user'],
  'node:delete': ['admin'],
  'agent:read': ['admin', 'operator', 'user'],
  'agent:command': ['admin', 'operator'],
  'dashboard:read': ['admin', 'operator', 'user'],
  'search:read': ['admin', 'operator', 'user'],
  'license:read': ['admin', 'operator', 'user'],
  'license:manage': ['admin'],
  'audit:read': ['admin'],
  'log:level': ['admin'],
  'webhook:read': ['admin', 'operator'],
  'webhook:read-private': ['admin'],
  'webhook:manage': ['admin'],
  'sla:read': ['admin', 'operator', 'user'],
  'sla:write': ['admin', 'operator'],
  'exclusion-window:read': ['admin', 'operator', 'user'],
  'exclusion-window:write': ['admin', 'operator'],
  'agent-key:manage': ['admin'],
  'auth-provider:manage': ['admin'],
  'policy:manage': ['admin'],
  'workflow:read': ['admin', 'operator'],
  'ticket:read': ['admin', 'operator', 'user'],
  'ticket:create': ['admin', 'operator', 'user'],
  'ticket:update': ['admin', 'operator', 'user'],
  'ticket:comment': ['admin', 'operator', 'user'],
  'ticket:transition': ['admin', 'operator', 'user'],
  'ticket:assign': ['admin', 'operator', 'user'],
  'ticket:delete': ['admin', 'operator'],
  'ticket:restore': ['admin'],
  'ticket:attach': ['admin', 'operator', 'user'],
  'ticket:watch': ['admin', 'operator', 'user'],
  'ticket:link': ['admin', 'operator', 'user'],
  'ticket:log-work': ['admin', 'operator', 'user'],
};

describe('roles and authorization', () => {
  it('the permission table is exactly the documented policy', () => {
    assert.deepEqual(Object.keys(PERMISSIONS).sort(), Object.keys(EXPECTED).sort());
  });

  for (const [action, allowed] of Object.entries(EXPECTED) as [Action, readonly Role[]][]) {
    for (const role of ROLES) {
      const may = allowed.includes(role);
      it(`${role} ${may ? 'may' : 'may not'} ${action}`, () => {
        assert.equal(can(viewer(role), action), may);
        if (may) assert.equal(authorize(viewer(role), action).role, role);
        else
          assert.throws(
            () => authorize(viewer(role), action),
            (e: unknown) => e instanceof AppError && e.code === 'FORBIDDEN' && e.message.includes(role),
          );
      });
    }
  }

  it('no viewer is UNAUTHENTICATED, not FORBIDDEN', () => {
    assert.equal(can(null, 'service:read'), false);
    assert.throws(
      () => authorize(null, 'service:read'),
      (e: unknown) => e instanceof AppError && e.code === 'UNAUTHENTICATED',
    );
  });
});
