/** One group: rename or describe it, add and remove members, delete it. */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link, useRouter, type ScreenProps } from '../../../app/router';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { TextField } from '../../../ui/fields';
import { Loading } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { ADD_MEMBER, DELETE_GROUP, GROUP_DETAIL, REMOVE_MEMBER, UPDATE_GROUP, type GroupRow } from './documents';
import { USER_PICKER } from '../users/documents';
import { Badge } from '../../../ui/kit/Badge';
import { ConfirmButton } from '../../../ui/kit/ConfirmButton';
import { activeBadge, roleBadge } from '../../../ui/badges';
import '../admin.css';

export default function GroupScreen({ params }: ScreenProps) {
  const id = params['id'] ?? '';
  const { navigate } = useRouter();
  const [result, refetch] = useQuery({ query: GROUP_DETAIL, variables: { id } });
  const [deleteState, deleteGroup] = useMutation(DELETE_GROUP);
  const [removeState, removeMember] = useMutation(REMOVE_MEMBER);
  const group = result.data?.group;
  if (result.error) return <ErrorNotice error={result.error} />;
  if (!group)
    return result.fetching ? (
      <Loading label="Loading the group" />
    ) : (
      <div className="notice notice-warn">
        There is no group with id {id}: go back to <Link to="/admin/groups">Groups</Link>.
      </div>
    );
  const refresh = () => refetch({ requestPolicy: 'network-only' });
  return (
    <>
      <PageHeader
        title={group.name}
        subtitle={group.description ?? undefined}
        actions={
          <>
            <Link to="/admin/groups">All groups</Link>
            <ConfirmButton
              label="Delete group"
              question={`Delete group ${group.name}? Its members stay; rules naming the group stop applying.`}
              confirmLabel="Delete"
              busy={deleteState.fetching}
              onConfirm={async () => {
                const outcome = await deleteGroup({ id: group.id });
                if (!outcome.error) navigate('/admin/groups');
              }}
            />
          </>
        }
      />
      <ErrorNotice error={deleteState.error} />
      <div className="grid">
        <GroupEditForm key={group.id} group={group} onSaved={refresh} />
        <AddMemberForm groupId={group.id} memberIds={new Set(group.members.map((member) => member.id))} onAdded={refresh} />
      </div>
      <h2>Members ({group.memberCount})</h2>
      <ErrorNotice error={removeState.error} />
      {group.members.length === 0 ? (
        <p className="muted">No members yet.</p>
      ) : (
        <table className="table" aria-label="Members">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Role</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {group.members.map((member) => (
              <tr key={member.id}>
                <td>
                  <Link to={`/admin/users/${encodeURIComponent(member.id)}`}>
                    {member.displayName ? `${member.displayName} (${member.username})` : member.username}
                  </Link>
                </td>
                <td>
                  <Badge {...roleBadge(member.role)} />
                </td>
                <td>
                  <Badge {...activeBadge(member.active)} />
                </td>
                <td>
                  <button
                    type="button"
                    disabled={removeState.fetching}
                    aria-label={`Remove ${member.username} from ${group.name}`}
                    onClick={() => void removeMember({ groupId: group.id, userId: member.id }).then(refresh)}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function GroupEditForm({ group, onSaved }: { group: GroupRow; onSaved: () => void }) {
  const [name, setName] = useState(group.name);
  const [description, setDescription] = useState(group.description ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [state, update] = useMutation(UPDATE_GROUP);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setProblem('A group needs a name.');
      return;
    }
    setProblem(null);
    const outcome = await update({
      id: group.id,
      input: { name: name.trim(), description: description.trim() === '' ? null : description.trim() },
    });
    setSaved(!outcome.error);
    if (!outcome.error) onSaved();
  };
  return (
    <form className="card admin-form" onSubmit={(event) => void submit(event)} aria-label="Rename group" noValidate>
      <h2>Name</h2>
      <TextField label="Group name" value={name} onChange={(event) => (setName(event.target.value), setSaved(false))} error={problem} />
      <TextField label="Description" value={description} onChange={(event) => (setDescription(event.target.value), setSaved(false))} />
      <ErrorNotice error={state.error} />
      <div className="actions">
        <button type="submit" className="button-primary" disabled={state.fetching}>
          Save
        </button>
        <span aria-live="polite">{saved ? 'Saved.' : ''}</span>
      </div>
    </form>
  );
}

/** Find a user by name and add them; the suggestions come from the users query as one types. */
function AddMemberForm({ groupId, memberIds, onAdded }: { groupId: string; memberIds: ReadonlySet<string>; onAdded: () => void }) {
  const [search, setSearch] = useState('');
  const [picker] = useQuery({
    query: USER_PICKER,
    variables: { filter: { search: search.trim() } },
    pause: search.trim().length < 1,
  });
  const [state, add] = useMutation(ADD_MEMBER);
  const candidates = (picker.data?.users ?? []).filter((user) => !memberIds.has(user.id));
  return (
    <section className="card" aria-labelledby="add-member">
      <h2 id="add-member">Add a member</h2>
      <TextField
        label="Find a user"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        hint="Part of a username, name or e-mail."
      />
      <ErrorNotice error={picker.error ?? state.error} />
      {search.trim() && picker.data ? (
        candidates.length === 0 ? (
          <p className="muted">No one else matches.</p>
        ) : (
          <ul className="stack" aria-label="Matching users">
            {candidates.map((user) => (
              <li key={user.id} className="row">
                <span>{user.displayName ? `${user.displayName} (${user.username})` : user.username}</span>
                <button
                  type="button"
                  disabled={state.fetching}
                  aria-label={`Add ${user.username}`}
                  onClick={() => void add({ groupId, userId: user.id }).then((outcome) => !outcome.error && onAdded())}
                >
                  Add
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
