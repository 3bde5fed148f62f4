/** One user: edit name, e-mail and role; deactivate or reactivate; reset the password; delete. */
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { Link, useRouter, type ScreenProps } from '../../../app/router';
import { useViewer } from '../../../session/SessionContext';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { SelectField, TextField } from '../../../ui/fields';
import { formatDateTime } from '../../../ui/format';
import { Loading } from '../../../ui/Loading';
import { PageHeader } from '../../../ui/PageHeader';
import { ROLE_LABEL, ROLES, hasErrors, userEditInput, validateUserEdit, type FormErrors, type UserEditValues } from './userForm';
import { DEACTIVATE_USER, DELETE_USER, RESET_PASSWORD, UPDATE_USER, USER_DETAIL, type UserDetail } from './documents';
import { Badge } from '../../../ui/kit/Badge';
import { ConfirmButton } from '../../../ui/kit/ConfirmButton';
import { OneTimeSecret } from '../../../ui/kit/OneTimeSecret';
import { activeBadge, roleBadge } from '../../../ui/badges';
import '../admin.css';

function editValues(user: UserDetail): UserEditValues {
  return { displayName: user.displayName ?? '', email: user.email ?? '', role: user.role };
}

export default function UserScreen({ params }: ScreenProps) {
  const id = params['id'] ?? '';
  const { navigate } = useRouter();
  const viewer = useViewer();
  const [result, refetch] = useQuery({ query: USER_DETAIL, variables: { id } });
  const [deleteState, deleteUser] = useMutation(DELETE_USER);
  const [activeState, deactivate] = useMutation(DEACTIVATE_USER);
  const [reactivateState, reactivate] = useMutation(UPDATE_USER);
  const [resetState, resetPassword] = useMutation(RESET_PASSWORD);
  const [resetToken, setResetToken] = useState<{ token: string; expiresAt: string } | null>(null);
  const user = result.data?.user;
  if (result.error) return <ErrorNotice error={result.error} />;
  if (!user)
    return result.fetching ? (
      <Loading label="Loading the user" />
    ) : (
      <div className="notice notice-warn">
        There is no user with id {id}. It may have been deleted: go back to <Link to="/admin/users">Users</Link>.
      </div>
    );
  const self = user.id === viewer.id;
  const refresh = () => refetch({ requestPolicy: 'network-only' });
  return (
    <>
      <PageHeader
        title={user.displayName ? `${user.displayName} (${user.username})` : user.username}
        subtitle={
          <span className="row">
            <Badge {...roleBadge(user.role)} /> <Badge {...activeBadge(user.active)} /> <span>signs in with {user.authSource}</span>
          </span>
        }
        actions={<Link to="/admin/users">All users</Link>}
      />
      <div className="grid">
        <UserEditForm key={user.id} user={user} onSaved={refresh} />
        <section className="card" aria-labelledby="user-facts">
          <h2 id="user-facts">Account</h2>
          <dl className="facts">
            <dt>Created</dt>
            <dd>{formatDateTime(user.createdAt)}</dd>
            <dt>Last sign-in</dt>
            <dd>{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'never'}</dd>
            <dt>Groups</dt>
            <dd>
              {user.groups.length === 0
                ? 'none'
                : user.groups.map((group, index) => (
                    <span key={group.id}>
                      {index > 0 ? ', ' : ''}
                      <Link to={`/admin/groups/${encodeURIComponent(group.id)}`}>{group.name}</Link>
                    </span>
                  ))}
            </dd>
          </dl>
          <h3>Password</h3>
          {resetToken ? (
            <OneTimeSecret
              label="Password reset token"
              value={resetToken.token}
              note={`Give it to ${user.username}: they set a new password with it until ${formatDateTime(resetToken.expiresAt)}. It is shown only this once.`}
              onDismiss={() => setResetToken(null)}
            />
          ) : (
            <button
              type="button"
              disabled={resetState.fetching}
              onClick={async () => {
                const outcome = await resetPassword({ userId: user.id });
                if (outcome.data) setResetToken(outcome.data.resetPassword);
              }}
            >
              Reset password
            </button>
          )}
          <ErrorNotice error={resetState.error} />
          <h3>Access</h3>
          <div className="row">
            {user.active ? (
              <ConfirmButton
                label="Deactivate"
                question={`Deactivate ${user.username}? They are signed out everywhere at once.`}
                busy={activeState.fetching}
                disabled={self}
                onConfirm={() => void deactivate({ id: user.id }).then(refresh)}
              />
            ) : (
              <button
                type="button"
                disabled={reactivateState.fetching}
                onClick={() => void reactivate({ id: user.id, input: { active: true } }).then(refresh)}
              >
                Reactivate
              </button>
            )}
            <ConfirmButton
              label="Delete user"
              question={`Delete ${user.username} for good?`}
              confirmLabel="Delete"
              busy={deleteState.fetching}
              disabled={self}
              onConfirm={async () => {
                const outcome = await deleteUser({ id: user.id });
                if (!outcome.error) navigate('/admin/users');
              }}
            />
          </div>
          {self ? <p className="muted">You cannot deactivate or delete your own account.</p> : null}
          <ErrorNotice error={activeState.error ?? reactivateState.error ?? deleteState.error} />
        </section>
      </div>
    </>
  );
}

function UserEditForm({ user, onSaved }: { user: UserDetail; onSaved: () => void }) {
  const before = editValues(user);
  const [values, setValues] = useState(before);
  const [errors, setErrors] = useState<FormErrors<UserEditValues>>({});
  const [saved, setSaved] = useState(false);
  const [state, update] = useMutation(UPDATE_USER);
  useEffect(() => setSaved(false), [values]);
  const set = (name: keyof UserEditValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));
  const input = userEditInput(before, values);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateUserEdit(values);
    setErrors(found);
    if (hasErrors(found) || Object.keys(input).length === 0) return;
    const outcome = await update({ id: user.id, input });
    if (outcome.error) return;
    setSaved(true);
    onSaved();
  };
  return (
    <form className="card admin-form" onSubmit={(event) => void submit(event)} aria-label="Edit user" noValidate>
      <h2>Profile and role</h2>
      <TextField label="Display name" value={values.displayName} onChange={set('displayName')} />
      <TextField label="E-mail" type="email" value={values.email} onChange={set('email')} error={errors.email} />
      <SelectField
        label="Role"
        value={values.role}
        onChange={set('role')}
        options={ROLES.map((role) => ({ value: role, label: ROLE_LABEL[role] }))}
      />
      <ErrorNotice error={state.error} />
      <div className="actions">
        <button type="submit" className="button-primary" disabled={state.fetching || Object.keys(input).length === 0}>
          {state.fetching ? 'Saving…' : 'Save'}
        </button>
        <span aria-live="polite">{saved ? 'Saved.' : ''}</span>
      </div>
    </form>
  );
}
