/**
 * The fields of a service people edit by hand (display name, criticality, type), each behind an
 * edit lock so two operators never overwrite each other; users read them.
 */
import { useMutation } from 'urql';
import { describeError } from '../../api/errors';
import { LockedTextField, lockProps } from '../../realtime/LockedTextField';
import type { EditLocks } from '../../realtime/useEditLocks';
import { UpdateServiceDocument, type ServiceDetails } from './documents';

/** The lock field names are the UpdateServiceInput field names, so other clients can share them. */
const FIELDS = [
  { field: 'displayName', label: 'Display name', placeholder: 'Shown instead of the name' },
  { field: 'criticality', label: 'Criticality', placeholder: 'e.g. critical, high, low' },
  { field: 'serviceType', label: 'Service type', placeholder: 'e.g. database, saas' },
] as const;

type EditableField = (typeof FIELDS)[number]['field'];

export function ServiceDetailsForm({
  service,
  locks,
  canEdit,
  onSaved,
}: {
  service: ServiceDetails;
  locks: EditLocks;
  canEdit: boolean;
  onSaved(): void;
}) {
  const [, update] = useMutation(UpdateServiceDocument);
  const save = async (field: EditableField, value: string): Promise<string | null> => {
    const trimmed = value.trim();
    const answer = await update({ id: service.id, input: { [field]: trimmed === '' ? null : trimmed } });
    if (answer.error) return describeError(answer.error).message;
    onSaved();
    return null;
  };
  return (
    <div className="details-form">
      {FIELDS.map(({ field, label, placeholder }) => (
        <LockedTextField
          key={field}
          label={label}
          placeholder={placeholder}
          value={service[field] ?? ''}
          canEdit={canEdit}
          onSave={(value) => save(field, value)}
          {...lockProps(locks, field)}
        />
      ))}
      {!canEdit ? <p className="muted small">Operators and admins edit these fields.</p> : null}
    </div>
  );
}
