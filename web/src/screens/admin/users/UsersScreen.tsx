/** Users: search and filter (kept in the URL), page through, and create a local account. */
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import type { CreateUserInput } from '../../../gql/graphql';
import { Link, type ScreenProps } from '../../../app/router';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { SelectField, TextField } from '../../../ui/fields';
import { formatRelative } from '../../../ui/format';
import { Loading } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { NewUserForm } from './NewUserForm';
import { ROLE_LABEL, ROLES } from './userForm';
import { CREATE_USER, USERS_LIST } from './documents';
import { USERS_PAGE, userFilterInput, usersFilterFromQuery } from './usersFilter';
import { Badge } from '../../../ui/kit/Badge';
import { Pager } from '../../../ui/kit/Pager';
import { useQueryPatch } from '../../../ui/kit/useQueryPatch';
import { activeBadge, roleBadge } from '../../../ui/badges';
import '../admin.css';

export default function UsersScreen({ query }: ScreenProps) {
  const patchQuery = useQueryPatch();
  const state = usersFilterFromQuery(query);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [result, reexecute] = useQuery({
    query: USERS_LIST,
    variables: { filter: userFilterInput(state), limit: USERS_PAGE, offset: state.offset },
  });
  const [createState, createUser] = useMutation(CREATE_USER);
  const filterChange = (name: string) => (event: { target: { value: string } }) => {
    patchQuery({ [name]: event.target.value, offset: null });
  };
  const onCreate = async (input: CreateUserInput) => {
    const outcome = await createUser({ input });
    if (outcome.error) return false;
    setCreated(input.username);
    setCreating(false);
    // The client keeps no normalized cache: a change is seen by asking again.
    reexecute({ requestPolicy: 'network-only' });
    return true;
  };
  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Who may sign in, with which role. Groups are under Administration > Groups."
        actions={
          <button type="button" className="button-primary" onClick={() => setCreating(true)} disabled={creating}>
            New user
          </button>
        }
      />
      {creating ? (
        <NewUserForm
          busy={createState.fetching}
          serverError={<ErrorNotice error={createState.error} />}
          onCreate={onCreate}
          onCancel={() => setCreating(false)}
        />
      ) : null}
      <div aria-live="polite">{created ? <div className="notice">User {created} was created.</div> : null}</div>
      <div className="filters" role="search">
        <TextField label="Search" type="search" value={state.search} onChange={filterChange('q')} placeholder="Username, name or e-mail" />
        <SelectField
          label="Role"
          value={state.role ?? ''}
          onChange={filterChange('role')}
          options={[{ value: '', label: 'Any role' }, ...ROLES.map((role) => ({ value: role, label: ROLE_LABEL[role] }))]}
        />
        <SelectField
          label="State"
          value={state.active === null ? '' : state.active ? 'yes' : 'no'}
          onChange={filterChange('active')}
          options={[
            { value: '', label: 'Active and deactivated' },
            { value: 'yes', label: 'Active' },
            { value: 'no', label: 'Deactivated' },
          ]}
        />
      </div>
      <ErrorNotice error={result.error} />
      {result.data ? (
        <>
          <table className="table" aria-label="Users">
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">State</th>
                <th scope="col">Signs in with</th>
                <th scope="col">Last sign-in</th>
              </tr>
            </thead>
            <tbody>
              {result.data.users.map((user) => (
                <tr key={user.id}>
                  <td>
                    <Link to={`/admin/users/${encodeURIComponent(user.id)}`}>{user.username}</Link>
                  </td>
                  <td>{user.displayName ?? ''}</td>
                  <td>{user.email ?? ''}</td>
                  <td>
                    <Badge {...roleBadge(user.role)} />
                  </td>
                  <td>
                    <Badge {...activeBadge(user.active)} />
                  </td>
                  <td>{user.authSource}</td>
                  <td>{user.lastLoginAt ? formatRelative(user.lastLoginAt) : 'never'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {result.data.users.length === 0 ? <p className="muted">No user matches these filters.</p> : null}
          <Pager
            label="User pages"
            offset={state.offset}
            limit={USERS_PAGE}
            total={result.data.userCount}
            onChange={(offset) => patchQuery({ offset: offset === 0 ? null : String(offset) })}
          />
        </>
      ) : result.fetching ? (
        <Loading label="Loading users" />
      ) : null}
    </>
  );
}
