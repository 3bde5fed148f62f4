/** Groups: the list with member counts, and a new group. Members are managed on a group's page. */
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link, useRouter, type ScreenProps } from '../../../app/router';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { TextField } from '../../../ui/fields';
import { Loading } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { CREATE_GROUP, GROUPS_LIST } from './documents';
import { useQueryPatch } from '../../../ui/kit/useQueryPatch';
import '../admin.css';

export default function GroupsScreen({ query }: ScreenProps) {
  const search = query.get('q') ?? '';
  const patchQuery = useQueryPatch();
  const [result] = useQuery({ query: GROUPS_LIST, variables: { search: search.trim() === '' ? null : search.trim() } });
  return (
    <>
      <PageHeader title="Groups" subtitle="Groups gather users for permission rules, ticket assignment and notifications." />
      <NewGroupForm />
      <div className="filters" role="search">
        <TextField label="Search groups" type="search" value={search} onChange={(event) => patchQuery({ q: event.target.value })} />
      </div>
      <ErrorNotice error={result.error} />
      {result.data ? (
        result.data.groups.length === 0 ? (
          <p className="muted">{search ? 'No group matches.' : 'No groups yet.'}</p>
        ) : (
          <table className="table" aria-label="Groups">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Description</th>
                <th scope="col">Members</th>
              </tr>
            </thead>
            <tbody>
              {result.data.groups.map((group) => (
                <tr key={group.id}>
                  <td>
                    <Link to={`/admin/groups/${encodeURIComponent(group.id)}`}>{group.name}</Link>
                  </td>
                  <td>{group.description ?? ''}</td>
                  <td>{group.memberCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : result.fetching ? (
        <Loading label="Loading groups" />
      ) : null}
    </>
  );
}

function NewGroupForm() {
  const { navigate } = useRouter();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [state, create] = useMutation(CREATE_GROUP);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setProblem('Enter a name for the group.');
      return;
    }
    setProblem(null);
    const outcome = await create({ input: { name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}) } });
    if (outcome.data) navigate(`/admin/groups/${encodeURIComponent(outcome.data.createGroup.id)}`);
  };
  return (
    <form className="card admin-form" onSubmit={(event) => void submit(event)} aria-label="New group" noValidate>
      <h2>New group</h2>
      <div className="filters">
        <TextField label="Group name" value={name} onChange={(event) => setName(event.target.value)} error={problem} />
        <TextField label="Description" value={description} onChange={(event) => setDescription(event.target.value)} />
        <button type="submit" className="button-primary" disabled={state.fetching}>
          Create group
        </button>
      </div>
      <ErrorNotice error={state.error} />
    </form>
  );
}
