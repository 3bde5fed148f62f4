/** Create a local account: the fields of CreateUserInput, checked before sending. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { SelectField, TextField } from '../../../ui/fields';
import type { CreateUserInput } from '../../../gql/graphql';
import { ROLE_LABEL, ROLES, emptyNewUser, hasErrors, newUserInput, validateNewUser, type FormErrors, type NewUserValues } from './userForm';

export function NewUserForm({
  busy,
  serverError,
  onCreate,
  onCancel,
}: {
  busy: boolean;
  /** The server's refusal, shown next to the form. */
  serverError?: ReactNode;
  /** Resolves true when the user was created (the form then empties). */
  onCreate: (input: CreateUserInput) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<NewUserValues>(emptyNewUser);
  const [errors, setErrors] = useState<FormErrors<NewUserValues>>({});
  const set = (name: keyof NewUserValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewUser(values);
    setErrors(found);
    if (hasErrors(found)) return;
    if (await onCreate(newUserInput(values))) setValues(emptyNewUser());
  };
  return (
    <form className="card admin-form" onSubmit={(event) => void submit(event)} aria-label="New user" noValidate>
      <h2>New user</h2>
      <TextField label="Username" value={values.username} onChange={set('username')} error={errors.username} autoComplete="off" required />
      <TextField label="Display name" value={values.displayName} onChange={set('displayName')} />
      <TextField label="E-mail" type="email" value={values.email} onChange={set('email')} error={errors.email} />
      <TextField
        label="Initial password"
        type="password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        autoComplete="new-password"
        hint="Optional. Without one, reset the password afterwards and give the person the one-time token."
      />
      <SelectField
        label="Role"
        value={values.role}
        onChange={set('role')}
        options={ROLES.map((role) => ({ value: role, label: ROLE_LABEL[role] }))}
      />
      {serverError}
      <div className="actions">
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create user'}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
