/**
 * Talking to an LDAP directory with ldapts: a connection per sign-in (or test, search, sync), with
 * StartTLS or LDAPS as configured, a connect timeout and an operation timeout (real time: they bound
 * I/O), the service bind, and searches whose filters escape every outside value (ldapFilter.ts). A
 * person's password is checked by binding as their entry on a connection of its own; an empty
 * password is refused before any bind (an empty simple bind is an anonymous bind and succeeds).
 */
import { Client, InvalidCredentialsError, SizeLimitExceededError, type Entry } from 'ldapts';
import type { ConnectionOptions } from 'node:tls';
import { fillFilter, firstRdnValue, normalizeDn } from './ldapFilter.js';
import type { LdapProvider, LdapSettings } from './providerRecord.js';
import { inStep, ProviderStepError, type ProviderStep } from './providerSteps.js';

/** A person as the directory describes them. */
export interface DirectoryPerson {
  readonly dn: string;
  readonly externalId: string;
  readonly username: string;
  readonly email: string | null;
  readonly displayName: string | null;
  /** Group DNs. */
  readonly groups: readonly string[];
}

export type PasswordCheck =
  | { readonly ok: true; readonly person: DirectoryPerson }
  | { readonly ok: false; readonly reason: 'unknown-user' | 'wrong-password' | 'ambiguous' };

export interface StepReport {
  readonly step: ProviderStep;
  readonly ok: boolean;
  readonly message: string;
}

const SEARCH_LIMIT = 200;

function tlsOptions(s: LdapSettings): ConnectionOptions {
  const host = new URL(s.url).hostname;
  return {
    rejectUnauthorized: s.tlsVerify,
    ...(s.tlsCaPem ? { ca: [s.tlsCaPem] } : {}),
    ...(/^[\d.:]+$/.test(host) ? {} : { servername: host }),
  };
}

function newClient(s: LdapSettings): Client {
  // ldapts opens TLS from the first byte whenever tlsOptions is given, so only for ldaps:// (StartTLS gets them in startTLS).
  const secure = s.url.startsWith('ldaps:');
  return new Client({
    url: s.url,
    connectTimeout: s.connectTimeoutMs,
    timeout: s.timeoutMs,
    strictDN: false,
    ...(secure ? { tlsOptions: tlsOptions(s) } : {}),
  });
}

async function close(client: Client): Promise<void> {
  await client.unbind().catch(() => undefined);
}

/** A connection past StartTLS and the service bind (or anonymous when there is no bind DN). */
async function serviceSession(provider: LdapProvider): Promise<Client> {
  const s = provider.settings;
  const client = newClient(s);
  try {
    if (s.startTls) {
      await inStep('TLS', 'StartTLS', () => client.startTLS(tlsOptions(s)));
    }
    if (s.bindDn !== null) {
      const password = provider.secrets.bindPassword;
      if (password === undefined || password === '') {
        throw new ProviderStepError('BIND', provider.secretError ?? `the service bind as ${s.bindDn} has no bind password set`);
      }
      await inStep('BIND', `the service bind as ${s.bindDn}`, async () => {
        try {
          await client.bind(s.bindDn!, password);
        } catch (error) {
          if (error instanceof InvalidCredentialsError) throw new Error('invalid credentials (check the bind DN and bind password)');
          throw error;
        }
      });
    }
    return client;
  } catch (error) {
    await close(client);
    throw error;
  }
}

function values(entry: Entry, attribute: string): string[] {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase());
  if (key === undefined) return [];
  const v = entry[key];
  const list = Array.isArray(v) ? v : [v];
  return list.map((x) => (Buffer.isBuffer(x) ? x.toString('utf8') : String(x))).filter((x) => x !== '');
}

const first = (entry: Entry, attribute: string): string | null => values(entry, attribute)[0] ?? null;

function personAttributes(s: LdapSettings): string[] {
  return [
    s.usernameAttribute,
    s.emailAttribute,
    s.nameAttribute,
    s.uniqueIdAttribute,
    ...(s.groupMembership === 'memberOf' ? ['memberOf'] : []),
  ];
}

function groupBase(s: LdapSettings): string {
  if (s.groupBaseDn !== null) return s.groupBaseDn;
  const parts = s.userBaseDn.split(/(?<!\\),/);
  return parts.length > 1 ? parts.slice(1).join(',') : s.userBaseDn;
}

async function toPerson(client: Client, s: LdapSettings, entry: Entry, fallbackUsername: string | null): Promise<DirectoryPerson> {
  const username = first(entry, s.usernameAttribute) ?? fallbackUsername ?? firstRdnValue(entry.dn);
  let groups = s.groupMembership === 'memberOf' ? values(entry, 'memberOf') : [];
  if (s.groupMembership === 'search') {
    const found = await inStep('SEARCH', 'the group search', () =>
      client.search(groupBase(s), {
        scope: 'sub',
        filter: fillFilter(s.groupFilter, { dn: entry.dn, username }),
        attributes: ['1.1'],
        sizeLimit: 1000,
      }),
    );
    groups = found.searchEntries.map((g) => g.dn);
  }
  return {
    dn: entry.dn,
    externalId: first(entry, s.uniqueIdAttribute) ?? normalizeDn(entry.dn),
    username,
    email: first(entry, s.emailAttribute),
    displayName: first(entry, s.nameAttribute),
    groups,
  };
}

/** The entries the user filter matches for `username`; `null` when more than `limit` match. */
async function findEntries(client: Client, s: LdapSettings, username: string, limit: number): Promise<Entry[] | null> {
  return inStep('SEARCH', `the user search under ${s.userBaseDn}`, async () => {
    try {
      return (
        await client.search(s.userBaseDn, {
          scope: 'sub',
          filter: fillFilter(s.userFilter, { username }),
          attributes: personAttributes(s),
          sizeLimit: limit,
        })
      ).searchEntries;
    } catch (error) {
      if (error instanceof SizeLimitExceededError) return null;
      throw error;
    }
  });
}

/** Finds the person, then binds as them on a connection of its own. Step failures (provider down) throw ProviderStepError. */
export async function checkPassword(provider: LdapProvider, username: string, password: string): Promise<PasswordCheck> {
  if (password === '') return { ok: false, reason: 'wrong-password' };
  const s = provider.settings;
  const client = await serviceSession(provider);
  let person: DirectoryPerson;
  try {
    const entries = await findEntries(client, s, username, 2);
    if (entries === null || entries.length > 1) return { ok: false, reason: 'ambiguous' };
    if (entries.length === 0) return { ok: false, reason: 'unknown-user' };
    person = await toPerson(client, s, entries[0]!, username);
  } finally {
    await close(client);
  }
  const userClient = newClient(s);
  try {
    if (s.startTls) await inStep('TLS', 'StartTLS', () => userClient.startTLS(tlsOptions(s)));
    try {
      await userClient.bind(person.dn, password);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return { ok: false, reason: 'wrong-password' };
      return await inStep('BIND', `the bind as ${person.dn}`, () => Promise.reject(error));
    }
    return { ok: true, person };
  } finally {
    await close(userClient);
  }
}

/** The person with this username, as the service account sees them (provisioning, no password). */
export async function lookupPerson(provider: LdapProvider, username: string): Promise<DirectoryPerson | null> {
  const client = await serviceSession(provider);
  try {
    const entries = await findEntries(client, provider.settings, username, 2);
    if (entries === null || entries.length !== 1) return null;
    return await toPerson(client, provider.settings, entries[0]!, username);
  } finally {
    await close(client);
  }
}

/** People whose username, name or email contains `text` (escaped; `*` typed by a person is a literal). */
export async function searchPeople(provider: LdapProvider, text: string, limit: number): Promise<DirectoryPerson[]> {
  const s = provider.settings;
  const client = await serviceSession(provider);
  try {
    const attrs = [...new Set([s.usernameAttribute, s.nameAttribute, s.emailAttribute])];
    const needle = fillFilter('{t}', { t: text });
    const filter = `(|${attrs.map((a) => `(${a}=*${needle}*)`).join('')})`;
    const max = Math.min(limit, SEARCH_LIMIT);
    const result = await inStep('SEARCH', `the user search under ${s.userBaseDn}`, async () => {
      try {
        return await client.search(s.userBaseDn, { scope: 'sub', filter, attributes: personAttributes(s), sizeLimit: max });
      } catch (error) {
        if (error instanceof SizeLimitExceededError)
          throw new ProviderStepError('SEARCH', `more than ${max} people match "${text}"; type more of the name`);
        throw error;
      }
    });
    const people: DirectoryPerson[] = [];
    for (const entry of result.searchEntries) people.push(await toPerson(client, s, entry, null));
    return people;
  } finally {
    await close(client);
  }
}

/** The members of a directory group: people (DN members read as entries; `memberUid`-style names looked up). */
export async function groupMembers(provider: LdapProvider, groupDn: string): Promise<{ people: DirectoryPerson[]; unresolved: string[] }> {
  const s = provider.settings;
  const client = await serviceSession(provider);
  try {
    const group = await inStep('SEARCH', `reading the group ${groupDn}`, () =>
      client.search(groupDn, { scope: 'base', filter: '(objectClass=*)', attributes: [s.groupMemberAttribute] }),
    );
    const entry = group.searchEntries[0];
    if (!entry) throw new ProviderStepError('SEARCH', `the group ${groupDn} does not exist in the directory`);
    const people: DirectoryPerson[] = [];
    const unresolved: string[] = [];
    for (const member of values(entry, s.groupMemberAttribute)) {
      const isDn = member.includes('=');
      const found = isDn
        ? await client.search(member, { scope: 'base', filter: '(objectClass=*)', attributes: personAttributes(s) }).then(
            (r) => r.searchEntries,
            () => [] as Entry[],
          )
        : await findEntries(client, s, member, 2);
      if (found !== null && found.length === 1) people.push(await toPerson(client, s, found[0]!, isDn ? null : member));
      else unresolved.push(member);
    }
    return { people, unresolved };
  } finally {
    await close(client);
  }
}

/** testAuthProvider: every step that applies, in order, up to the first that fails. */
export async function testLdap(provider: LdapProvider, username: string | null): Promise<StepReport[]> {
  const s = provider.settings;
  const steps: ProviderStep[] = [
    'CONNECTION',
    ...(s.startTls || s.url.startsWith('ldaps:') ? ['TLS' as const] : []),
    ...(s.bindDn !== null ? ['BIND' as const] : []),
    'SEARCH',
  ];
  let searchMessage = '';
  let client: Client | undefined;
  try {
    client = await serviceSession(provider);
    const matched = await inStep('SEARCH', `the search under ${s.userBaseDn}`, async () =>
      username === null
        ? (await client!.search(s.userBaseDn, { scope: 'base', filter: '(objectClass=*)', attributes: ['1.1'] })).searchEntries.length
        : ((await findEntries(client!, s, username, 2))?.length ?? 2),
    );
    searchMessage =
      username === null
        ? `the user base ${s.userBaseDn} is readable`
        : matched === 1
          ? `found ${username}`
          : `the search ran; ${matched === 0 ? 'no entry' : 'several entries'} matched ${username}`;
    return steps.map((step) => ({ step, ok: true, message: step === 'SEARCH' ? searchMessage : STEP_OK[step] }));
  } catch (error) {
    const failure = error instanceof ProviderStepError ? error : new ProviderStepError('CONNECTION', String(error));
    const at = Math.max(0, steps.indexOf(failure.step));
    return [
      ...steps.slice(0, at).map((step) => ({ step, ok: true, message: STEP_OK[step] })),
      { step: failure.step, ok: false, message: failure.message },
    ];
  } finally {
    if (client) await close(client);
  }
}

const STEP_OK: Record<ProviderStep, string> = {
  CONNECTION: 'connected',
  TLS: 'TLS established',
  BIND: 'the service account bound',
  SEARCH: 'searched',
  DISCOVERY: 'discovery document read',
};
