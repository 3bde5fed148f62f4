/**
 * One provider's groups: LDAP directory groups linked to product groups (synced on demand, with who
 * joined, left or was created), and group mappings (an external group -> a product group and/or a role).
 */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link, type ScreenProps } from '../../../app/router';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { SelectField, TextField } from '../../../ui/fields';
import { formatDateTime } from '../../../ui/format';
import { Loading } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { ROLE_LABEL, ROLES, type Role } from '../users/userForm';
import {
  DELETE_GROUP_MAPPING,
  LINK_LDAP_GROUP,
  PROVIDER_DIRECTORY,
  SET_GROUP_MAPPING,
  SYNC_LDAP_GROUPS,
  UNLINK_LDAP_GROUP,
  type LdapGroupRow,
  type MappingRow,
  type ProviderDirectory as Directory,
  type SyncResult,
} from './documents';
import {
  linkInput,
  mappingInput,
  validateLink,
  validateMapping,
  type LinkValues,
  type MappingErrors,
  type MappingValues,
} from './mappingForm';
import { ConfirmButton } from '../../../ui/kit/ConfirmButton';
import '../admin.css';

export default function ProviderGroupsScreen({ params }: ScreenProps) {
  const id = params['id'] ?? '';
  const [result, refetch] = useQuery({ query: PROVIDER_DIRECTORY, variables: { id } });
  const refresh = () => refetch({ requestPolicy: 'network-only' });
  const provider = result.data?.authProvider;
  if (result.error) return <ErrorNotice error={result.error} />;
  if (!result.data) return <Loading label="Loading the provider's groups" />;
  if (!provider)
    return (
      <div className="notice notice-warn">
        There is no sign-in provider with id {id}. Back to <Link to="/admin/providers">Sign-in providers</Link>.
      </div>
    );
  return (
    <>
      <PageHeader
        title={`Groups of ${provider.displayName ?? provider.name}`}
        subtitle="How membership in the provider's groups becomes product groups and roles."
        actions={<Link to="/admin/providers">All providers</Link>}
      />
      {provider.type === 'LDAP' ? (
        <LdapGroups providerId={provider.id} rows={result.data.ldapGroups} groups={result.data.groups} onChanged={refresh} />
      ) : null}
      <Mappings
        providerId={provider.id}
        type={provider.type}
        rows={result.data.groupMappings}
        groups={result.data.groups}
        onChanged={refresh}
      />
    </>
  );
}

function LdapGroups({
  providerId,
  rows,
  groups,
  onChanged,
}: {
  providerId: string;
  rows: readonly LdapGroupRow[];
  groups: Directory['groups'];
  onChanged: () => void;
}) {
  const [values, setValues] = useState<LinkValues>({ groupDn: '', groupId: '', name: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LinkValues, string>>>({});
  const [synced, setSynced] = useState<readonly SyncResult[] | null>(null);
  const [deleteProductGroup, setDeleteProductGroup] = useState(false);
  const [linkState, link] = useMutation(LINK_LDAP_GROUP);
  const [syncState, sync] = useMutation(SYNC_LDAP_GROUPS);
  const [unlinkState, unlink] = useMutation(UNLINK_LDAP_GROUP);
  const runSync = async (variables: { providerId?: string; ldapGroupId?: string }) => {
    const outcome = await sync(variables);
    if (outcome.data) {
      setSynced(outcome.data.syncLDAPGroups);
      onChanged();
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateLink(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const outcome = await link({ input: linkInput(providerId, values) });
    if (outcome.error) return;
    setValues({ groupDn: '', groupId: '', name: '' });
    onChanged();
  };
  return (
    <section aria-labelledby="ldap-groups">
      <div className="row">
        <h2 id="ldap-groups">Directory groups</h2>
        <button type="button" onClick={() => void runSync({ providerId })} disabled={syncState.fetching || rows.length === 0}>
          {syncState.fetching ? 'Syncing…' : 'Sync all'}
        </button>
      </div>
      <p className="muted">
        Each linked directory group keeps a product group's members equal to the directory's; people who never signed in are created.
      </p>
      <ErrorNotice error={syncState.error ?? unlinkState.error} />
      <div aria-live="polite">{synced ? <SyncReport results={synced} /> : null}</div>
      {rows.length === 0 ? (
        <p className="muted">No directory group is linked yet.</p>
      ) : (
        <table className="table" aria-label="Directory groups">
          <thead>
            <tr>
              <th scope="col">Directory group (DN)</th>
              <th scope="col">Product group</th>
              <th scope="col">Members</th>
              <th scope="col">Last synced</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="mono">{row.dn}</td>
                <td>
                  <Link to={`/admin/groups/${encodeURIComponent(row.group.id)}`}>{row.group.name}</Link>
                </td>
                <td>{row.group.memberCount}</td>
                <td>{row.lastSyncedAt ? formatDateTime(row.lastSyncedAt) : 'never'}</td>
                <td className="row">
                  <button
                    type="button"
                    disabled={syncState.fetching}
                    onClick={() => void runSync({ ldapGroupId: row.id })}
                    aria-label={`Sync ${row.dn}`}
                  >
                    Sync
                  </button>
                  <ConfirmButton
                    label="Unlink"
                    question={
                      deleteProductGroup
                        ? `Unlink ${row.dn} and delete the group ${row.group.name}?`
                        : `Unlink ${row.dn}? The group ${row.group.name} stays with its members.`
                    }
                    busy={unlinkState.fetching}
                    onConfirm={() => void unlink({ id: row.id, deleteGroup: deleteProductGroup }).then(onChanged)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows.length > 0 ? (
        <label className="row">
          <input type="checkbox" checked={deleteProductGroup} onChange={(event) => setDeleteProductGroup(event.target.checked)} />
          Unlinking also deletes the product group
        </label>
      ) : null}
      <form className="card admin-form" onSubmit={(event) => void submit(event)} aria-label="Link a directory group" noValidate>
        <h3>Link a directory group</h3>
        <TextField
          label="Group DN"
          value={values.groupDn}
          onChange={(event) => setValues((v) => ({ ...v, groupDn: event.target.value }))}
          error={errors.groupDn}
          className="mono"
        />
        <SelectField
          label="Product group"
          value={values.groupId}
          onChange={(event) => setValues((v) => ({ ...v, groupId: event.target.value }))}
          options={[{ value: '', label: 'A new group' }, ...groups.map((g) => ({ value: g.id, label: g.name }))]}
        />
        {values.groupId === '' ? (
          <TextField
            label="New group's name"
            value={values.name}
            onChange={(event) => setValues((v) => ({ ...v, name: event.target.value }))}
            hint="Empty: the DN's cn."
          />
        ) : null}
        <ErrorNotice error={linkState.error} />
        <div className="actions">
          <button type="submit" className="button-primary" disabled={linkState.fetching}>
            Link group
          </button>
        </div>
      </form>
    </section>
  );
}

function SyncReport({ results }: { results: readonly SyncResult[] }) {
  const names = (list: readonly { username: string }[]) => (list.length === 0 ? 'nobody' : list.map((u) => u.username).join(', '));
  return (
    <div className="notice" data-testid="sync-report">
      {results.length === 0 ? 'Nothing to sync.' : null}
      {results.map((result) => (
        <div key={result.ldapGroup.id}>
          <strong className="mono">{result.ldapGroup.dn}</strong>: joined {names(result.added)}; left {names(result.removed)}; created{' '}
          {names(result.provisioned)}
          {result.unresolved.length > 0 ? `; could not add: ${result.unresolved.join('; ')}` : ''}.
        </div>
      ))}
    </div>
  );
}

function Mappings({
  providerId,
  type,
  rows,
  groups,
  onChanged,
}: {
  providerId: string;
  type: 'LDAP' | 'OIDC';
  rows: readonly MappingRow[];
  groups: Directory['groups'];
  onChanged: () => void;
}) {
  const empty: MappingValues = { externalGroup: '', groupId: '', role: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<MappingErrors>({});
  const [setState, setMapping] = useMutation(SET_GROUP_MAPPING);
  const [deleteState, remove] = useMutation(DELETE_GROUP_MAPPING);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateMapping(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const outcome = await setMapping({ input: mappingInput(providerId, values) });
    if (outcome.error) return;
    setValues(empty);
    onChanged();
  };
  return (
    <section aria-labelledby="group-mappings">
      <h2 id="group-mappings">Group mappings</h2>
      <p className="muted">
        At each sign-in, people in an external group join the product group and get the role (the highest role of their mappings, else the
        provider's default).
      </p>
      <ErrorNotice error={deleteState.error} />
      {rows.length === 0 ? (
        <p className="muted">No mappings.</p>
      ) : (
        <table className="table" aria-label="Group mappings">
          <thead>
            <tr>
              <th scope="col">External group</th>
              <th scope="col">Product group</th>
              <th scope="col">Role</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="mono">{row.externalGroup}</td>
                <td>{row.group ? <Link to={`/admin/groups/${encodeURIComponent(row.group.id)}`}>{row.group.name}</Link> : '—'}</td>
                <td>{row.role ? (ROLE_LABEL[row.role as Role] ?? row.role) : '—'}</td>
                <td>
                  <ConfirmButton
                    label="Delete"
                    question={`Delete the mapping of ${row.externalGroup}?`}
                    busy={deleteState.fetching}
                    onConfirm={() => void remove({ id: row.id }).then(onChanged)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="card admin-form" onSubmit={(event) => void submit(event)} aria-label="Add a group mapping" noValidate>
        <h3>Add or change a mapping</h3>
        <TextField
          label="External group"
          value={values.externalGroup}
          onChange={(event) => setValues((v) => ({ ...v, externalGroup: event.target.value }))}
          error={errors.externalGroup}
          hint={type === 'LDAP' ? 'A directory group DN, or its bare cn.' : 'A value of the groups claim.'}
        />
        <SelectField
          label="Joins group"
          value={values.groupId}
          onChange={(event) => setValues((v) => ({ ...v, groupId: event.target.value }))}
          error={errors.groupId}
          options={[{ value: '', label: 'No group' }, ...groups.map((g) => ({ value: g.id, label: g.name }))]}
        />
        <SelectField
          label="Gets role"
          value={values.role}
          onChange={(event) => setValues((v) => ({ ...v, role: event.target.value as Role | '' }))}
          options={[{ value: '', label: 'No role' }, ...ROLES.map((role) => ({ value: role, label: ROLE_LABEL[role] }))]}
        />
        <ErrorNotice error={setState.error} />
        <div className="actions">
          <button type="submit" className="button-primary" disabled={setState.fetching}>
            Save mapping
          </button>
        </div>
      </form>
    </section>
  );
}
