import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSchema } from 'graphql';
import type { Action, Role } from '../../../../src/core/auth/roles.js';
import { createFieldCatalog } from '../../../../src/plugins/policy/fieldCatalog.js';
import { PolicyEngine } from '../../../../src/plugins/policy/policyEngine.js';
import type {
  Environment,
  EnvironmentGrant,
  FieldPermission,
  FieldSettings,
  PermissionRule,
  PolicyState,
  ScreenPermission,
} from '../../../../src/plugins/policy/policyModel.js';
import { productModules } from '../../../../src/plugins/productModules.js';
import { usePermissions } from '../../../../src/core/auth/roles.js';

// The engine decides over the product's actions, declared by its modules (app.ts hands them over at start).
usePermissions(productModules().permissions());

const schema = buildSchema(
  `type Service { id: ID!, name: String!, metadata: String, owner: String, tags: [String!] } type Query { s: Service }`,
);

class MemoryState implements PolicyState {
  ruleList: PermissionRule[] = [];
  environmentList: Environment[] = [];
  grantList: EnvironmentGrant[] = [];
  settingsList: FieldSettings[] = [];
  fieldPermissionList: FieldPermission[] = [];
  screenPermissionList: ScreenPermission[] = [];
  rules = () => this.ruleList;
  environments = () => this.environmentList;
  grants = () => this.grantList;
  fieldSettings = () => this.settingsList;
  fieldPermissions = () => this.fieldPermissionList;
  screenPermissions = () => this.screenPermissionList;
}

let n = 0;
const rule = (
  subject: string,
  resource: string,
  action: string,
  effect: 'allow' | 'deny',
  environmentId: string | null = null,
): PermissionRule => ({
  id: `r${++n}`,
  subjectType: subject.startsWith('g-') ? 'group' : 'role',
  subject,
  resource,
  action,
  effect,
  environmentId,
  description: null,
  createdAt: 0,
  updatedAt: 0,
});
const env = (id: string, ...paths: string[]): Environment => ({ id, name: id, description: null, paths, createdAt: 0, updatedAt: 0 });
const grant = (groupId: string, environmentId: string, level: 'read' | 'write'): EnvironmentGrant => ({
  groupId,
  environmentId,
  level,
  grantedAt: 0,
});

/** The policy every row of the table below is decided under. */
function fixture() {
  const state = new MemoryState();
  state.environmentList = [env('prod', 'eu/prod', 'us/prod'), env('staging', 'eu/staging')];
  state.grantList = [grant('g-sre', 'prod', 'write'), grant('g-dev', 'staging', 'write'), grant('g-audit', 'prod', 'read')];
  state.ruleList = [
    rule('user', 'service', 'write', 'allow', 'staging'), // users may change services in staging
    rule('g-dev', 'service', 'delete', 'deny'), // developers never delete
    rule('g-sre', 'webhook', 'manage', 'allow'),
    rule('operator', 'agent', 'command', 'deny', 'prod'),
    rule('g-sre', 'agent', 'command', 'allow', 'prod'), // deny of the role still wins
  ];
  return { state, engine: new PolicyEngine(state, createFieldCatalog(schema)) };
}

type Row = [role: Role, groups: string[], action: Action, nodePath: string | undefined, allowed: boolean, why: string];
const TABLE: Row[] = [
  // No place, no rules about it: the role table of src/core/auth/roles.ts.
  ['user', [], 'service:read', undefined, true, 'role default'],
  ['user', [], 'service:write', undefined, false, 'role default'],
  ['operator', [], 'service:delete', undefined, true, 'role default'],
  ['admin', [], 'policy:manage', undefined, true, 'role default'],
  ['operator', ['g-sre'], 'policy:manage', undefined, false, 'policy actions are fixed'],
  // Group rules.
  ['operator', ['g-sre'], 'webhook:manage', undefined, true, 'group allow over role default'],
  ['operator', ['g-dev'], 'service:delete', undefined, false, 'group deny over role default'],
  ['operator', ['g-dev', 'g-sre'], 'service:delete', undefined, false, 'deny of one group wins'],
  // Places outside every environment: rules alone.
  ['user', [], 'service:read', 'lab/x', true, 'no environment governs lab'],
  ['user', [], 'service:write', 'lab/x', false, 'env-limited allow does not apply outside'],
  // Environments gate non-admins.
  ['user', [], 'service:read', 'eu/prod/k8s', false, 'no group grants prod'],
  ['admin', [], 'service:read', 'eu/prod/k8s', true, 'admins pass the gate'],
  ['admin', [], 'service:delete', 'us/prod', true, 'admins pass the gate'],
  ['user', ['g-audit'], 'service:read', 'eu/prod/k8s', true, 'read grant'],
  ['user', ['g-audit'], 'service:write', 'eu/prod/k8s', false, 'read grant does not write'],
  ['operator', ['g-audit'], 'service:write', 'eu/prod', false, 'read grant does not write, whatever the role'],
  ['operator', ['g-sre'], 'service:write', 'us/prod/a/b', true, 'write grant and role default'],
  ['user', ['g-sre'], 'service:write', 'us/prod/a/b', false, 'grant does not add what the rules refuse'],
  ['user', ['g-dev'], 'service:write', 'eu/staging/app', true, 'env-limited allow plus grant'],
  ['user', ['g-dev'], 'service:write', 'eu/prod', false, 'no grant for prod'],
  ['user', ['g-dev'], 'service:read', 'eu/staging-old', true, 'a sibling path is not inside'],
  ['operator', ['g-sre'], 'agent:command', 'eu/prod', false, 'role deny in prod wins over group allow'],
  ['operator', ['g-sre'], 'agent:command', undefined, true, 'env-limited deny does not apply without a place'],
];

describe('policy engine: role x groups x action x environment', () => {
  for (const [role, groups, action, nodePath, allowed, why] of TABLE) {
    it(`${role}${groups.length ? ` in ${groups.join('+')}` : ''} ${allowed ? 'may' : 'may not'} ${action}${nodePath ? ` at ${nodePath}` : ''} (${why})`, () => {
      const { engine } = fixture();
      assert.equal(engine.profileOf(role, groups).allows(action, nodePath), allowed);
    });
  }

  it('without environments a place changes nothing: every decision is the role table', () => {
    const engine = new PolicyEngine(new MemoryState(), createFieldCatalog(schema));
    for (const role of ['admin', 'operator', 'user'] as const) {
      assert.equal(engine.profileOf(role, []).allows('service:write', 'eu/prod'), role !== 'user');
    }
  });

  it('a profile is shared by everyone of the same role and groups, in any order', () => {
    const { engine } = fixture();
    assert.equal(engine.profileOf('user', ['g-sre', 'g-dev']), engine.profileOf('user', ['g-dev', 'g-sre']));
    assert.notEqual(engine.profileOf('user', ['g-sre']), engine.profileOf('operator', ['g-sre']));
  });
});

describe('policy engine: cached decisions are invalidated on change', () => {
  it('a rule added after a decision was cached takes effect on the next check', () => {
    const { state, engine } = fixture();
    const profile = engine.profileOf('user', []);
    assert.equal(profile.allows('service:read'), true);
    state.ruleList.push(rule('user', 'service', 'read', 'deny'));
    assert.equal(profile.allows('service:read'), true, 'no change announced: the cached table answers');
    engine.changed();
    assert.equal(profile.allows('service:read'), false, 'the profile held by a viewer rebuilds itself');
    assert.equal(engine.profileOf('user', []).allows('service:read'), false);
  });

  it('a grant removed takes an environment away at once', () => {
    const { state, engine } = fixture();
    const profile = engine.profileOf('user', ['g-audit']);
    assert.equal(profile.allows('service:read', 'eu/prod'), true);
    state.grantList = state.grantList.filter((g) => g.groupId !== 'g-audit');
    engine.changed();
    assert.equal(profile.allows('service:read', 'eu/prod'), false);
  });

  it('an environment whose paths change moves the places it governs', () => {
    const { state, engine } = fixture();
    const profile = engine.profileOf('user', []);
    assert.equal(profile.allows('service:read', 'lab/x'), true);
    state.environmentList = [...state.environmentList.filter((e) => e.id !== 'staging'), env('staging', 'eu/staging', 'lab')];
    engine.changed();
    assert.equal(profile.allows('service:read', 'lab/x'), false);
  });

  it('field permissions: deny wins, restricted fields need an allow, admins read everything', () => {
    const { state, engine } = fixture();
    const catalog = engine.fields;
    const metadata = catalog.get('Service.metadata')!.index;
    const owner = catalog.get('Service.owner')!.index;
    assert.equal(catalog.get('Service.id'), undefined, 'non-null fields are not protectable');
    assert.equal(engine.profileOf('user', []).hidden(), null);
    state.settingsList = [{ id: 'Service.metadata', label: null, description: null, restricted: true, updatedAt: 0 }];
    state.fieldPermissionList = [
      {
        id: 'f1',
        fieldId: 'Service.metadata',
        subjectType: 'group',
        subject: 'g-sre',
        canRead: true,
        canWrite: false,
        createdAt: 0,
        updatedAt: 0,
      },
      {
        id: 'f2',
        fieldId: 'Service.owner',
        subjectType: 'role',
        subject: 'user',
        canRead: false,
        canWrite: false,
        createdAt: 0,
        updatedAt: 0,
      },
      {
        id: 'f3',
        fieldId: 'Service.owner',
        subjectType: 'group',
        subject: 'g-sre',
        canRead: true,
        canWrite: true,
        createdAt: 0,
        updatedAt: 0,
      },
    ];
    engine.changed();
    const user = engine.profileOf('user', []);
    assert.equal(user.hidden()![metadata], 1, 'restricted without an allow');
    assert.equal(user.hidden()![owner], 1, 'denied to the role');
    const sre = engine.profileOf('user', ['g-sre']);
    assert.equal(sre.hidden()![metadata], 0, 'allowed to the group');
    assert.equal(sre.readOnly()[metadata], 1, 'read but not write');
    assert.equal(sre.hidden()![owner], 1, "the role's deny wins over the group's allow");
    assert.equal(engine.profileOf('admin', []).hidden(), null);
    assert.equal(engine.profileOf('operator', []).hidden()![owner], 0);
  });

  it('a cached check costs well under a microsecond', () => {
    const { engine } = fixture();
    const profile = engine.profileOf('operator', ['g-sre']);
    const iterations = 1_000_000;
    let allowed = 0;
    for (let i = 0; i < 10_000; i += 1) allowed += profile.allows('service:read', 'eu/prod/k8s') ? 1 : 0;
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i += 1) {
      if (profile.allows('service:read')) allowed += 1;
      if (profile.allows('service:write', 'eu/prod/k8s')) allowed += 1;
    }
    const nsPerCheck = Number(process.hrtime.bigint() - start) / (iterations * 2);
    assert.ok(allowed > 0);
    // Typically 10-40 ns here; the bound leaves room for a busy shared machine.
    assert.ok(nsPerCheck < 500, `${nsPerCheck.toFixed(1)} ns per check`);
  });
});

describe('policy engine: the place gate of lists, counts and aggregates', () => {
  it('is null without environments and for admins no environment-limited rule denies: one check per call', () => {
    const state = new MemoryState();
    const engine = new PolicyEngine(state, createFieldCatalog(schema));
    assert.equal(engine.profileOf('user', []).placeGate(), null, 'no environments');
    state.environmentList = [env('prod', 'eu/prod')];
    engine.changed();
    assert.equal(engine.profileOf('admin', []).placeGate(), null, 'admins pass every gate');
    assert.notEqual(engine.profileOf('user', []).placeGate(), null);
    state.ruleList = [rule('admin', 'service', 'read', 'deny', 'prod')];
    engine.changed();
    assert.equal(engine.profileOf('admin', []).placeGate()?.admits('eu/prod/x'), false, 'an environment-limited deny limits admins too');
  });

  it('admits by service:read at the place; its key names the profile and the generation', () => {
    const { state, engine } = fixture();
    const sre = engine.profileOf('operator', ['g-sre']).placeGate()!;
    const user = engine.profileOf('user', []).placeGate()!;
    assert.deepEqual(
      ['eu/prod/k8s', 'us/prod', 'eu/staging', 'eu/lab'].map((p) => sre.admits(p)),
      [true, true, false, true],
    );
    assert.deepEqual(
      ['eu/prod/k8s', 'us/prod', 'eu/staging', 'eu/lab'].map((p) => user.admits(p)),
      [false, false, false, true],
    );
    assert.notEqual(sre.key, user.key);
    assert.equal(engine.profileOf('operator', ['g-sre']).placeGate(), sre, 'cached until a change');
    state.grantList = [];
    engine.changed();
    const after = engine.profileOf('operator', ['g-sre']).placeGate()!;
    assert.notEqual(after.key, sre.key, 'a cached aggregate is not served after a change');
    assert.equal(after.admits('eu/prod/k8s'), false);
  });
});
