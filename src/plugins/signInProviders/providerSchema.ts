/**
 * Sign-in providers over GraphQL: admins manage and test them; anyone signs in through them
 * (`loginWithProvider` for LDAP, `completeProviderSignIn` for the one-time code of an OpenID Connect
 * callback). No type here has a field for a secret: `hasSecret` says whether one is set.
 */
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import type { UserRecord } from '../../core/people/userDirectory.js';
import { authorize, can } from '../../core/auth/roles.js';
import type { FoundPerson } from './providerService.js';
import { hasSecret, type ProviderRecord } from './providerRecord.js';
import type { SignInProvidersContext } from './signInProvidersContext.js';

type Ctx = GraphQLContext<SignInProvidersContext>;
const SEARCH_MAX = 100;

export const providerSchema: SchemaModule<SignInProvidersContext> = {
  typeDefs: /* GraphQL */ `
    enum AuthProviderType {
      LDAP
      OIDC
    }

    "The steps testAuthProvider runs, in order; a failure names one."
    enum AuthProviderStep {
      CONNECTION
      TLS
      BIND
      SEARCH
      DISCOVERY
    }

    enum LdapGroupMembership {
      "Read the person's memberOf attribute."
      MEMBER_OF
      "Search groups whose groupFilter matches the person."
      SEARCH
    }

    type LdapSettings {
      url: String!
      startTls: Boolean!
      tlsVerify: Boolean!
      hasTlsCa: Boolean!
      bindDn: String
      userBaseDn: String!
      userFilter: String!
      usernameAttribute: String!
      emailAttribute: String!
      nameAttribute: String!
      uniqueIdAttribute: String!
      groupMembership: LdapGroupMembership!
      groupBaseDn: String
      groupFilter: String!
      groupMemberAttribute: String!
      connectTimeoutMs: Int!
      timeoutMs: Int!
    }

    type OidcSettings {
      issuer: String!
      clientId: String!
      redirectUri: String!
      scopes: String!
      usernameClaim: String!
      emailClaim: String!
      nameClaim: String!
      groupsClaim: String!
      postLoginRedirectUri: String
      allowInsecureHttp: Boolean!
      timeoutMs: Int!
    }

    type AuthProvider {
      id: ID!
      type: AuthProviderType!
      name: String!
      displayName: String
      enabled: Boolean!
      "Role of a person provisioned by this provider when no role mapping matches."
      defaultRole: Role!
      "Whether a bind password (LDAP) or client secret (OIDC) is set. The secret itself is never shown."
      hasSecret: Boolean!
      "Set when the stored secret cannot be decrypted (SVC_AUTH_SECRET_KEY changed): set it again."
      secretError: String
      ldap: LdapSettings
      oidc: OidcSettings
      "Local users linked to this provider."
      userCount: Int!
      "OIDC: where a login page sends the browser to sign in."
      startUrl: String
      createdAt: DateTime!
      updatedAt: DateTime!
    }

    type AuthProviderTypeInfo {
      type: AuthProviderType!
      description: String!
      "PASSWORD: a username/password form (loginWithProvider); REDIRECT: the browser goes to startUrl."
      loginMethod: String!
      "Settings fields that are secrets: write-only."
      secretFields: [String!]!
    }

    type AuthProviderStepResult {
      step: AuthProviderStep!
      ok: Boolean!
      message: String!
    }

    type AuthProviderTestResult {
      success: Boolean!
      "The first step that failed; null when all passed."
      failedStep: AuthProviderStep
      message: String!
      steps: [AuthProviderStepResult!]!
    }

    type ProviderPerson {
      "Null for a local account."
      provider: AuthProvider
      username: String!
      email: String
      displayName: String
      "LDAP: the entry's DN."
      dn: String
      "The local user, when the person has one already."
      user: User
      groups: [String!]!
    }

    type ProviderSearchFailure {
      provider: AuthProvider!
      step: AuthProviderStep!
      message: String!
    }

    type ProviderPeopleSearch {
      people: [ProviderPerson!]!
      "Providers that could not be searched; the others' results are still given."
      failures: [ProviderSearchFailure!]!
    }

    input LdapSettingsInput {
      url: String
      startTls: Boolean
      tlsVerify: Boolean
      tlsCaPem: String
      bindDn: String
      "Write-only. Empty string: clear it; left out: keep it."
      bindPassword: String
      userBaseDn: String
      userFilter: String
      usernameAttribute: String
      emailAttribute: String
      nameAttribute: String
      uniqueIdAttribute: String
      groupMembership: LdapGroupMembership
      groupBaseDn: String
      groupFilter: String
      groupMemberAttribute: String
      connectTimeoutMs: Int
      timeoutMs: Int
    }

    input OidcSettingsInput {
      issuer: String
      clientId: String
      "Write-only. Empty string: clear it; left out: keep it."
      clientSecret: String
      redirectUri: String
      scopes: String
      usernameClaim: String
      emailClaim: String
      nameClaim: String
      groupsClaim: String
      postLoginRedirectUri: String
      allowInsecureHttp: Boolean
      timeoutMs: Int
    }

    input CreateAuthProviderInput {
      type: AuthProviderType!
      name: String!
      displayName: String
      enabled: Boolean = false
      defaultRole: Role = USER
      ldap: LdapSettingsInput
      oidc: OidcSettingsInput
    }

    input UpdateAuthProviderInput {
      name: String
      displayName: String
      enabled: Boolean
      defaultRole: Role
      ldap: LdapSettingsInput
      oidc: OidcSettingsInput
    }

    input ProvisionProviderUserInput {
      providerId: ID!
      username: String!
      "OIDC only: the person's sub claim."
      subject: String
      email: String
      displayName: String
    }

    extend type User {
      "LOCAL, LDAP or OIDC: where the person signs in."
      authSource: String!
      "The provider the user comes from (admins only); null for local accounts."
      authProvider: AuthProvider
    }

    extend type Query {
      authProviders: [AuthProvider!]!
      authProvider(id: ID!): AuthProvider
      authProviderTypes: [AuthProviderTypeInfo!]!
      "Local users and the people of every enabled LDAP provider whose username, name or email contains the text."
      searchUsersAcrossProviders(query: String!, limit: Int = 20): ProviderPeopleSearch!
    }

    extend type Mutation {
      createAuthProvider(input: CreateAuthProviderInput!): AuthProvider!
      updateAuthProvider(id: ID!, input: UpdateAuthProviderInput!): AuthProvider!
      "Its users stay, as local users without a password."
      deleteAuthProvider(id: ID!): Boolean!
      updateAuthProviderStatus(id: ID!, enabled: Boolean!): AuthProvider!
      "Runs each step (connection, TLS, bind, search; discovery for OIDC) and says which failed. username: also look this person up."
      testAuthProvider(id: ID!, username: String): AuthProviderTestResult!
      "The local user of a directory person before their first sign-in."
      provisionProviderUser(input: ProvisionProviderUserInput!): User!
      "Sign in through an LDAP provider (its id or name); the same result as login."
      loginWithProvider(provider: String!, username: String!, password: String!): AuthPayload!
      "Exchange the one-time code of an OpenID Connect callback (#signInCode=...) for tokens; it works once, within a minute."
      completeProviderSignIn(signInToken: String!): AuthPayload!
    }
  `,
  ephemeralMutations: ['testAuthProvider'],
  resolvers: {
    AuthProviderType: { LDAP: 'ldap', OIDC: 'oidc' },
    LdapGroupMembership: { MEMBER_OF: 'memberOf', SEARCH: 'search' },
    LdapSettings: { hasTlsCa: (s: { tlsCaPem: string | null }) => s.tlsCaPem !== null },
    AuthProvider: {
      hasSecret: (p: ProviderRecord) => hasSecret(p),
      ldap: (p: ProviderRecord) => (p.type === 'ldap' ? p.settings : null),
      oidc: (p: ProviderRecord) => (p.type === 'oidc' ? p.settings : null),
      userCount: (p: ProviderRecord, _a: unknown, ctx: Ctx) => ctx.app.authProviderRegistry.identitiesOf(p.id).length,
      startUrl: (p: ProviderRecord) => (p.type === 'oidc' ? startUrl(p) : null),
    },
    ProviderPerson: {
      user: (p: FoundPerson, _a: unknown, ctx: Ctx) => (p.userId === null ? null : (ctx.app.users.get(p.userId) ?? null)),
    },
    User: {
      authSource: (u: UserRecord, _a: unknown, ctx: Ctx) => {
        const link = ctx.app.authProviderRegistry.identityOf(u.id);
        return link ? (ctx.app.authProviderRegistry.get(link.providerId)?.type.toUpperCase() ?? 'LOCAL') : 'LOCAL';
      },
      authProvider: (u: UserRecord, _a: unknown, ctx: Ctx) => {
        // Its settings (directory address, bind DN) are for admins.
        if (!can(ctx.viewer, 'auth-provider:manage')) return null;
        const link = ctx.app.authProviderRegistry.identityOf(u.id);
        return link ? (ctx.app.authProviderRegistry.get(link.providerId) ?? null) : null;
      },
    },
    Query: {
      authProviders: (_r, _a, ctx) => (authorize(ctx.viewer, 'auth-provider:manage'), ctx.app.authProviderRegistry.all()),
      authProvider: (_r, args: { id: string }, ctx) => (
        authorize(ctx.viewer, 'auth-provider:manage'), ctx.app.authProviderRegistry.get(args.id) ?? null
      ),
      authProviderTypes: (_r, _a, ctx) => (authorize(ctx.viewer, 'auth-provider:manage'), PROVIDER_TYPE_INFO),
      searchUsersAcrossProviders(_r, args: { query: string; limit?: number | null }, ctx) {
        authorize(ctx.viewer, 'auth-provider:manage');
        const text = args.query.trim();
        if (text.length < 1 || text.length > 100) throw new AppError(ErrorCode.BadRequest, 'query must have 1 to 100 characters');
        const limit = args.limit ?? 20;
        if (limit < 1 || limit > SEARCH_MAX) throw new AppError(ErrorCode.BadRequest, `limit must be from 1 to ${SEARCH_MAX}`);
        return ctx.app.authProviders.search(text, limit);
      },
    },
    Mutation: {
      createAuthProvider: (_r, args: { input: Record<string, unknown> }, ctx) => (
        authorize(ctx.viewer, 'auth-provider:manage'), ctx.app.authProviders.create(args.input)
      ),
      updateAuthProvider: (_r, args: { id: string; input: Record<string, unknown> }, ctx) => (
        authorize(ctx.viewer, 'auth-provider:manage'), ctx.app.authProviders.update(args.id, args.input)
      ),
      deleteAuthProvider: (_r, args: { id: string }, ctx) => (
        authorize(ctx.viewer, 'auth-provider:manage'), ctx.app.authProviders.delete(args.id)
      ),
      updateAuthProviderStatus: (_r, args: { id: string; enabled: boolean }, ctx) => (
        authorize(ctx.viewer, 'auth-provider:manage'), ctx.app.authProviders.setEnabled(args.id, args.enabled)
      ),
      testAuthProvider: (_r, args: { id: string; username?: string | null }, ctx) => (
        authorize(ctx.viewer, 'auth-provider:manage'), ctx.app.authProviders.test(args.id, args.username?.trim() || null)
      ),
      provisionProviderUser(
        _r,
        args: {
          input: { providerId: string; username: string; subject?: string | null; email?: string | null; displayName?: string | null };
        },
        ctx,
      ) {
        authorize(ctx.viewer, 'user:manage');
        return ctx.app.authProviders.provision(args.input.providerId, args.input);
      },
      loginWithProvider: (_r, args: { provider: string; username: string; password: string }, ctx) =>
        ctx.app.providerSignIn.loginWithLdap(args.provider, args.username, args.password, ctx.client),
      completeProviderSignIn: (_r, args: { signInToken: string }, ctx) => ctx.app.providerSignIn.complete(args.signInToken, ctx.client),
    },
  },
};

export function startUrl(p: ProviderRecord): string {
  return `/api/v1/auth/oidc/start?provider=${encodeURIComponent(p.id)}`;
}

const PROVIDER_TYPE_INFO = [
  {
    type: 'ldap',
    description:
      'An LDAP directory (OpenLDAP, Active Directory): service bind, user search, bind as the person, groups from memberOf or a group search; LDAPS or StartTLS.',
    loginMethod: 'PASSWORD',
    secretFields: ['ldap.bindPassword'],
  },
  {
    type: 'oidc',
    description: 'An OpenID Connect provider: authorization code with PKCE, state and nonce; claims for username, email, name and groups.',
    loginMethod: 'REDIRECT',
    secretFields: ['oidc.clientSecret'],
  },
];
