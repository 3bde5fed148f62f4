/** Create or edit an LDAP or OpenID Connect provider; every setting of its type, the rare ones folded away. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { SelectField, TextAreaField, TextField } from '../../../ui/fields';
import { ROLE_LABEL, ROLES, type Role } from '../users/userForm';
import {
  emptyProvider,
  settingsOf,
  validateProvider,
  type ProviderErrors,
  type ProviderType,
  type ProviderValues,
  type SettingSpec,
} from './providerForm';

export function ProviderForm({
  initial,
  hasSecret,
  busy,
  serverError,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: ProviderValues;
  /** Editing: whether a secret is set (null: creating, the type can still change). */
  hasSecret: boolean | null;
  busy: boolean;
  serverError?: ReactNode;
  submitLabel: string;
  onSubmit: (values: ProviderValues) => Promise<void>;
  onCancel: () => void;
}) {
  const creating = hasSecret === null;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ProviderErrors>({});
  const setSetting = (key: string, value: string | boolean) => setValues((v) => ({ ...v, settings: { ...v.settings, [key]: value } }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProvider(values, creating);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await onSubmit(values);
  };
  const field = (spec: SettingSpec) => {
    const value = values.settings[spec.key];
    if (spec.kind === 'flag') {
      return (
        <div className="field" key={spec.key}>
          <label className="row">
            <input type="checkbox" checked={value === true} onChange={(event) => setSetting(spec.key, event.target.checked)} />
            {spec.label}
          </label>
          {errors[spec.key] ? (
            <div className="field-error" role="alert">
              {errors[spec.key]}
            </div>
          ) : null}
        </div>
      );
    }
    if (spec.kind === 'membership') {
      return (
        <SelectField
          key={spec.key}
          label={spec.label}
          value={String(value ?? '')}
          onChange={(event) => setSetting(spec.key, event.target.value)}
          options={[
            ...(creating ? [{ value: '', label: 'Default (memberOf)' }] : []),
            { value: 'MEMBER_OF', label: "The person's memberOf attribute" },
            { value: 'SEARCH', label: 'Search groups with the group filter' },
          ]}
        />
      );
    }
    const secretHint = creating
      ? 'Write-only: never shown again.'
      : hasSecret
        ? 'Set (never shown). Type a new one to replace it; empty keeps it.'
        : 'Not set. Type one to set it.';
    const common = {
      label: spec.label,
      value: String(value ?? ''),
      error: errors[spec.key],
      hint: spec.kind === 'secret' ? secretHint : spec.hint,
    };
    if (spec.kind === 'pem')
      return (
        <TextAreaField
          key={spec.key}
          {...common}
          className="mono"
          spellCheck={false}
          onChange={(event) => setSetting(spec.key, event.target.value)}
        />
      );
    return (
      <TextField
        key={spec.key}
        {...common}
        type={spec.kind === 'secret' ? 'password' : 'text'}
        autoComplete={spec.kind === 'secret' ? 'new-password' : 'off'}
        inputMode={spec.kind === 'millis' ? 'numeric' : undefined}
        onChange={(event) => setSetting(spec.key, event.target.value)}
      />
    );
  };
  const specs = settingsOf(values.type);
  return (
    <form className="card admin-form" onSubmit={(event) => void submit(event)} aria-label={submitLabel} noValidate>
      {creating ? (
        <SelectField
          label="Type"
          value={values.type}
          onChange={(event) =>
            setValues((v) => ({
              ...emptyProvider(event.target.value as ProviderType),
              name: v.name,
              displayName: v.displayName,
              defaultRole: v.defaultRole,
            }))
          }
          options={[
            { value: 'LDAP', label: 'LDAP directory (username and password)' },
            { value: 'OIDC', label: 'OpenID Connect (sign in at the provider)' },
          ]}
        />
      ) : null}
      <TextField
        label="Name"
        value={values.name}
        onChange={(event) => setValues((v) => ({ ...v, name: event.target.value }))}
        error={errors['name']}
        hint="Short, no spaces: used in sign-in calls."
      />
      <TextField
        label="Display name"
        value={values.displayName}
        onChange={(event) => setValues((v) => ({ ...v, displayName: event.target.value }))}
        hint="What the sign-in page shows."
      />
      <SelectField
        label="Role of new people"
        value={values.defaultRole}
        onChange={(event) => setValues((v) => ({ ...v, defaultRole: event.target.value as Role }))}
        options={ROLES.map((role) => ({ value: role, label: ROLE_LABEL[role] }))}
      />
      {creating ? (
        <label className="row field">
          <input
            type="checkbox"
            checked={values.enabled}
            onChange={(event) => setValues((v) => ({ ...v, enabled: event.target.checked }))}
          />
          Enabled at once (otherwise: test it first, then enable)
        </label>
      ) : null}
      {specs.filter((spec) => !spec.advanced).map(field)}
      <details open={specs.some((spec) => spec.advanced && errors[spec.key]) || undefined}>
        <summary>More settings</summary>
        {specs.filter((spec) => spec.advanced).map(field)}
      </details>
      {serverError}
      <div className="actions">
        <button type="submit" className="button-primary" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
