/**
 * Managing sign-in providers (admins, over GraphQL): create, change, enable or disable, delete,
 * test, search people across them and provision one ahead of their first sign-in. Changes are
 * acknowledged after their commit (src/core/commands/commitBoundary.ts). Secrets are taken in and
 * sealed; nothing here returns or logs them.
 */
import type { Clock } from '../../platform/scheduler/index.js';
import { commitChange } from '../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { Logger } from '../../platform/log/logger.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import type { UserDirectory, UserRecord } from '../../core/people/userDirectory.js';
import { lookupPerson, searchPeople, testLdap, type StepReport } from './ldapDirectory.js';
import type { OidcClients } from './oidcClient.js';
import type { ExternalPerson, ProviderAccounts } from './providerAccounts.js';
import { displayName, ldapSettings, oidcSettings, providerName, providerType, roleOf } from './providerInput.js';
import type { LdapProvider, OidcSettings, ProviderRecord } from './providerRecord.js';
import type { ProviderRegistry } from './providerRegistry.js';
import { ProviderStepError, type ProviderStep } from './providerSteps.js';

type Input = Readonly<Record<string, unknown>>;

export interface ProviderTestResult {
  readonly success: boolean;
  readonly failedStep: ProviderStep | null;
  readonly message: string;
  readonly steps: readonly StepReport[];
}

export interface FoundPerson extends ExternalPerson {
  readonly provider: ProviderRecord | null;
  /** The local user already linked (or, for local accounts, the user itself). */
  readonly userId: string | null;
}

export interface PeopleSearch {
  readonly people: readonly FoundPerson[];
  readonly failures: readonly { readonly provider: ProviderRecord; readonly step: ProviderStep; readonly message: string }[];
}

export interface ProviderServiceDeps {
  readonly registry: ProviderRegistry;
  readonly accounts: ProviderAccounts;
  readonly oidc: OidcClients;
  readonly users: UserDirectory;
  readonly writer: BatchWriter;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly newId: () => string;
}

export class ProviderService {
  constructor(private readonly deps: ProviderServiceDeps) {}

  create(input: Input): Promise<ProviderRecord> {
    const { registry } = this.deps;
    const type = providerType(input['type']);
    const name = providerName(input['name']);
    registry.assertNameFree(name, null);
    const kind = this.kindInput(input, type);
    const { settings, secrets } = type === 'ldap' ? ldapSettings(kind, null, {}) : oidcSettings(kind, null, {});
    return commitChange(this.deps, (at) => {
      const provider = {
        id: this.deps.newId(),
        type,
        name,
        displayName: displayName(input['displayName']),
        enabled: input['enabled'] === true,
        defaultRole: input['defaultRole'] == null ? 'user' : roleOf(input['defaultRole'], 'defaultRole'),
        settings,
        secrets,
        secretError: null,
        createdAt: at,
        updatedAt: at,
      } as ProviderRecord;
      registry.put(provider);
      return provider;
    });
  }

  update(id: string, input: Input): Promise<ProviderRecord> {
    const { registry } = this.deps;
    const before = registry.require(id);
    const name = input['name'] == null ? before.name : providerName(input['name']);
    registry.assertNameFree(name, id);
    const other = before.type === 'ldap' ? 'oidc' : 'ldap';
    if (input[other] != null)
      throw new AppError(
        ErrorCode.BadRequest,
        `provider ${before.name} is ${before.type.toUpperCase()}; send its settings as ${before.type}, not ${other}`,
      );
    const kind = (input[before.type] ?? {}) as Input;
    const { settings, secrets } =
      before.type === 'ldap'
        ? ldapSettings(kind, before.settings, before.secrets)
        : oidcSettings(kind, before.settings as OidcSettings, before.secrets);
    const secretChanged = kind['bindPassword'] != null || kind['clientSecret'] != null;
    return commitChange(this.deps, (at) => {
      const after = {
        ...before,
        name,
        settings,
        secrets,
        displayName: input['displayName'] === undefined ? before.displayName : displayName(input['displayName']),
        enabled: input['enabled'] == null ? before.enabled : input['enabled'] === true,
        defaultRole: input['defaultRole'] == null ? before.defaultRole : roleOf(input['defaultRole'], 'defaultRole'),
        secretError: secretChanged ? null : before.secretError,
        updatedAt: Math.max(at, before.updatedAt + 1),
      } as ProviderRecord;
      registry.put(after);
      this.deps.oidc.forget(id);
      return after;
    });
  }

  setEnabled(id: string, enabled: boolean): Promise<ProviderRecord> {
    const before = this.deps.registry.require(id);
    return commitChange(this.deps, (at) => {
      const after = { ...before, enabled, updatedAt: Math.max(at, before.updatedAt + 1) } as ProviderRecord;
      this.deps.registry.put(after);
      return after;
    });
  }

  /** Its people stay as local users without a password (they cannot sign in until an admin sets one). */
  async delete(id: string): Promise<boolean> {
    this.deps.registry.require(id);
    await commitChange(this.deps, () => this.deps.registry.delete(id));
    this.deps.oidc.forget(id);
    return true;
  }

  async test(id: string, username: string | null): Promise<ProviderTestResult> {
    const provider = this.deps.registry.require(id);
    const steps = provider.type === 'ldap' ? await testLdap(provider, username) : await this.deps.oidc.test(provider);
    const failed = steps.find((s) => !s.ok);
    return {
      success: failed === undefined,
      failedStep: failed?.step ?? null,
      message: failed ? `${failed.step} failed: ${failed.message}` : `every step passed (${steps.map((s) => s.step).join(', ')})`,
      steps,
    };
  }

  /** Local users and the people of every enabled LDAP provider (OpenID Connect has no directory to search). */
  async search(text: string, limit: number): Promise<PeopleSearch> {
    const needle = text.toLowerCase();
    const people: FoundPerson[] = [];
    for (const u of this.deps.users.all()) {
      if (people.length >= limit) break;
      if (this.deps.registry.identityOf(u.id)) continue;
      if (
        u.username.toLowerCase().includes(needle) ||
        (u.displayName?.toLowerCase().includes(needle) ?? false) ||
        (u.email?.toLowerCase().includes(needle) ?? false)
      ) {
        people.push({
          provider: null,
          userId: u.id,
          externalId: u.id,
          dn: null,
          username: u.username,
          email: u.email,
          displayName: u.displayName,
          groups: [],
        });
      }
    }
    const failures: { provider: ProviderRecord; step: ProviderStep; message: string }[] = [];
    const ldap = this.deps.registry.all().filter((p): p is LdapProvider => p.type === 'ldap' && p.enabled);
    const found = await Promise.all(
      ldap.map((p) =>
        searchPeople(p, text, limit).then(
          (list) => ({ provider: p, list }),
          (error: unknown) => {
            const failure = error instanceof ProviderStepError ? error : new ProviderStepError('SEARCH', String(error));
            this.deps.logger.warn('people search in a sign-in provider failed', {
              provider: p.name,
              step: failure.step,
              error: failure.message,
            });
            failures.push({ provider: p, step: failure.step, message: failure.message });
            return { provider: p, list: [] };
          },
        ),
      ),
    );
    for (const { provider, list } of found) {
      for (const person of list) {
        if (people.length >= limit) break;
        people.push({ ...person, provider, userId: this.deps.registry.identity(provider.id, person.externalId)?.userId ?? null });
      }
    }
    return { people, failures };
  }

  /**
   * The local user of a person before their first sign-in (to put them in groups or make them an
   * owner). LDAP: looked up in the directory; OIDC: the caller names the subject.
   */
  async provision(
    providerId: string,
    input: { username: string; subject?: string | null; email?: string | null; displayName?: string | null },
  ): Promise<UserRecord> {
    const provider = this.deps.registry.require(providerId);
    let person: ExternalPerson;
    if (provider.type === 'ldap') {
      const found = await lookupPerson(provider, input.username).catch((error: unknown) => {
        throw new AppError(
          ErrorCode.Unavailable,
          `the directory of ${provider.name} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      if (!found)
        throw new AppError(
          ErrorCode.NotFound,
          `no person named ${input.username} in the directory of ${provider.name} (or several match its user filter)`,
        );
      person = found;
    } else {
      if (!input.subject)
        throw new AppError(
          ErrorCode.BadRequest,
          `provider ${provider.name} is OpenID Connect: send the person's subject (the "sub" claim) to provision them`,
        );
      person = {
        externalId: input.subject,
        dn: null,
        username: input.username,
        email: input.email ?? null,
        displayName: input.displayName ?? null,
        groups: [],
      };
    }
    return commitChange(this.deps, () => this.deps.accounts.settle(provider, person, { signIn: false }).user);
  }

  private kindInput(input: Input, type: 'ldap' | 'oidc'): Input {
    const other = type === 'ldap' ? 'oidc' : 'ldap';
    if (input[other] != null)
      throw new AppError(ErrorCode.BadRequest, `a ${type.toUpperCase()} provider takes its settings in ${type}, not ${other}`);
    const kind = input[type];
    if (kind == null)
      throw new AppError(ErrorCode.BadRequest, `send ${type} { ... } with the settings of a ${type.toUpperCase()} provider`);
    return kind as Input;
  }
}
