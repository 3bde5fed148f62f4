/**
 * A real OpenLDAP server for tests: Debian's slapd started on a free port with its own cn=config
 * (slapd.d made by `slapadd -n0` from a generated LDIF) and mdb database in a temp dir, the
 * memberOf overlay on, StartTLS and LDAPS with a self-signed certificate, and a seeded directory.
 * Never the system instance. Readiness is awaited by
 * connecting (a bind as the root DN), not by sleeping a fixed time. `stop()` makes the provider
 * "down" (the port refuses connections); `start()` brings it back on the same port and data.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Attribute, Change, Client } from 'ldapts';

export const SLAPD = '/usr/sbin/slapd';
export const SLAPADD = '/usr/sbin/slapadd';
export const LDAP_SUFFIX = 'dc=example,dc=org';
export const LDAP_ROOT_DN = `cn=admin,${LDAP_SUFFIX}`;
export const LDAP_ROOT_PASSWORD = 'root-secret-for-tests';
export const LDAP_READER_DN = `cn=reader,${LDAP_SUFFIX}`;
export const LDAP_READER_PASSWORD = 'reader-secret-for-tests';
export const PEOPLE_DN = `ou=people,${LDAP_SUFFIX}`;
export const GROUPS_DN = `ou=groups,${LDAP_SUFFIX}`;

export const personDn = (uid: string) => `uid=${uid},${PEOPLE_DN}`;
export const groupDn = (cn: string) => `cn=${cn},${GROUPS_DN}`;

export interface SeedPerson {
  readonly uid: string;
  readonly cn: string;
  readonly mail: string;
  readonly password: string;
}

export const SEED_PEOPLE: readonly SeedPerson[] = [
  { uid: 'alice', cn: 'Alice Archer', mail: 'alice@example.org', password: 'alice-directory-password' },
  { uid: 'bob', cn: 'Bob Baker', mail: 'bob@example.org', password: 'bob-directory-password' },
  { uid: 'carol', cn: 'Carol Cook', mail: 'carol@example.org', password: 'carol-directory-password' },
  { uid: 'dave', cn: 'Dave Diaz', mail: 'dave@example.org', password: 'dave-directory-password' },
  { uid: 'erin', cn: 'Erin Evans', mail: 'erin@example.org', password: 'erin-directory-password' },
  { uid: 'gina', cn: 'Gina Gray', mail: 'gina@example.org', password: 'gina-directory-password' },
  // Shares the local bootstrap admin's name: must never take that account over.
  { uid: 'admin', cn: 'Directory Admin', mail: 'directory-admin@example.org', password: 'directory-admin-password' },
];

/** groupOfNames needs at least one member; `placeholder` keeps a group valid when the test empties it. */
export const SEED_GROUPS: Readonly<Record<string, readonly string[]>> = {
  ops: ['alice', 'carol'],
  devs: ['alice', 'bob'],
  admins: ['carol'],
};

export interface LdapServer {
  /** Plain LDAP (StartTLS offered). */
  readonly url: string;
  /** LDAPS, with a self-signed certificate for 127.0.0.1 (`caPem`). */
  readonly ldapsUrl: string;
  readonly caPem: string;
  readonly port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Runs `fn` with a client bound as the root DN. */
  asRoot<T>(fn: (client: Client) => Promise<T>): Promise<T>;
  addMember(group: string, uid: string): Promise<void>;
  removeMember(group: string, uid: string): Promise<void>;
  close(): Promise<void>;
}

export function slapdAvailable(): boolean {
  return existsSync(SLAPD) && existsSync(SLAPADD);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function configLdif(dir: string): string {
  return `dn: cn=config
objectClass: olcGlobal
cn: config
olcPidFile: ${dir}/slapd.pid
olcArgsFile: ${dir}/slapd.args
olcTLSCertificateFile: ${dir}/cert.pem
olcTLSCertificateKeyFile: ${dir}/key.pem

dn: cn=module{0},cn=config
objectClass: olcModuleList
cn: module{0}
olcModulePath: /usr/lib/ldap
olcModuleLoad: back_mdb
olcModuleLoad: memberof

dn: cn=schema,cn=config
objectClass: olcSchemaConfig
cn: schema

include: file:///etc/ldap/schema/core.ldif
include: file:///etc/ldap/schema/cosine.ldif
include: file:///etc/ldap/schema/nis.ldif
include: file:///etc/ldap/schema/inetorgperson.ldif

dn: olcDatabase={-1}frontend,cn=config
objectClass: olcDatabaseConfig
objectClass: olcFrontendConfig
olcDatabase: {-1}frontend

dn: olcDatabase={0}config,cn=config
objectClass: olcDatabaseConfig
olcDatabase: {0}config

dn: olcDatabase={1}mdb,cn=config
objectClass: olcDatabaseConfig
objectClass: olcMdbConfig
olcDatabase: {1}mdb
olcDbDirectory: ${dir}/db
olcSuffix: ${LDAP_SUFFIX}
olcRootDN: ${LDAP_ROOT_DN}
olcRootPW: ${LDAP_ROOT_PASSWORD}
olcDbMaxSize: 16777216
olcAccess: {0}to attrs=userPassword by self write by anonymous auth by * none
olcAccess: {1}to * by * read

dn: olcOverlay={0}memberof,olcDatabase={1}mdb,cn=config
objectClass: olcOverlayConfig
objectClass: olcMemberOf
olcOverlay: {0}memberof
olcMemberOfRefInt: TRUE
olcMemberOfGroupOC: groupOfNames
olcMemberOfMemberAD: member
olcMemberOfMemberOfAD: memberOf
`;
}

export async function startLdapServer(): Promise<LdapServer> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-slapd-'));
  mkdirSync(join(dir, 'slapd.d'));
  mkdirSync(join(dir, 'db'));
  writeFileSync(join(dir, 'config.ldif'), configLdif(dir));
  // A self-signed certificate for 127.0.0.1, the CA a provider is given as tlsCaPem.
  const cert = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { encoding: 'utf8' },
  );
  if (cert.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`openssl could not make the test certificate (${cert.status}): ${cert.stderr}`);
  }
  const caPem = readFileSync(join(dir, 'cert.pem'), 'utf8');
  const made = spawnSync(SLAPADD, ['-n0', '-F', join(dir, 'slapd.d'), '-l', join(dir, 'config.ldif')], { encoding: 'utf8' });
  if (made.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`slapadd -n0 failed (${made.status}): ${made.stderr}`);
  }
  const port = await freePort();
  const securePort = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  const ldapsUrl = `ldaps://127.0.0.1:${securePort}`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let stderr = '';

  const connectAsRoot = async (): Promise<Client> => {
    const client = new Client({ url, connectTimeout: 2000, timeout: 5000 });
    await client.bind(LDAP_ROOT_DN, LDAP_ROOT_PASSWORD);
    return client;
  };

  const asRoot = async <T>(fn: (client: Client) => Promise<T>): Promise<T> => {
    const client = await connectAsRoot();
    try {
      return await fn(client);
    } finally {
      await client.unbind().catch(() => undefined);
    }
  };

  const start = async () => {
    stderr = '';
    // -d 0: stay in the foreground (so the test owns the process) without debug output.
    const proc = spawn(SLAPD, ['-d', '0', '-F', join(dir, 'slapd.d'), '-h', `${url}/ ${ldapsUrl}/`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = proc;
    let gone = false;
    exited = new Promise((resolve) => proc.once('exit', () => ((gone = true), resolve())));
    proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (gone) throw new Error(`slapd exited at start: ${stderr}`);
      try {
        (await connectAsRoot()).unbind().catch(() => undefined);
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`slapd did not accept a bind within 15 s: ${(error as Error).message}; ${stderr}`);
        await delay(20); // between connection attempts; readiness is the successful bind
      }
    }
  };

  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    child = undefined;
  };

  await start();
  await asRoot(async (client) => {
    await client.add(LDAP_SUFFIX, { objectClass: ['dcObject', 'organization'], o: 'Example', dc: 'example' });
    await client.add(PEOPLE_DN, { objectClass: 'organizationalUnit', ou: 'people' });
    await client.add(GROUPS_DN, { objectClass: 'organizationalUnit', ou: 'groups' });
    await client.add(LDAP_READER_DN, {
      objectClass: ['organizationalRole', 'simpleSecurityObject'],
      cn: 'reader',
      userPassword: LDAP_READER_PASSWORD,
    });
    for (const p of SEED_PEOPLE) {
      await client.add(personDn(p.uid), {
        objectClass: 'inetOrgPerson',
        uid: p.uid,
        cn: p.cn,
        sn: p.cn.split(' ').at(-1)!,
        mail: p.mail,
        userPassword: p.password,
      });
    }
    for (const [cn, members] of Object.entries(SEED_GROUPS)) {
      await client.add(groupDn(cn), { objectClass: 'groupOfNames', cn, member: members.map(personDn) });
    }
  });

  const modifyMember = (operation: 'add' | 'delete') => (group: string, uid: string) =>
    asRoot((client) =>
      client.modify(groupDn(group), new Change({ operation, modification: new Attribute({ type: 'member', values: [personDn(uid)] }) })),
    );

  return {
    url,
    ldapsUrl,
    caPem,
    port,
    start,
    stop,
    asRoot,
    addMember: modifyMember('add'),
    removeMember: modifyMember('delete'),
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
