/**
 * A text field (or text area) guarded by an edit lock. Focusing it takes the lock (the field becomes yours to
 * edit); Save or Cancel (Enter / Escape) give it back, and so does leaving the field without a
 * change. A field someone else is editing is read-only and names them until their lock goes.
 * An unsaved change keeps the lock (renewed) when focus moves elsewhere, so nobody overwrites it
 * meanwhile; Save or Cancel ends it.
 */
import { useEffect, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { TextAreaField, TextField } from '../ui/fields';
import type { EditLocks } from './useEditLocks';
import type { FieldLockState } from './lockState';

export interface LockedTextFieldProps {
  readonly label: string;
  /** The saved value. */
  readonly value: string;
  readonly lock: FieldLockState;
  /** False for people whose role cannot edit: the field is read-only without taking a lock. */
  readonly canEdit: boolean;
  /** Take the lock; null when taken, else what went wrong. */
  onAcquire(): Promise<string | null>;
  onRelease(): void;
  /** Store the new value; null when stored, else what went wrong. */
  onSave(value: string): Promise<string | null>;
  readonly placeholder?: string;
  /** A text area (e.g. a description): Ctrl+Enter saves there, Enter is a new line. */
  readonly multiline?: boolean;
}

export function LockedTextField({
  label,
  value,
  lock,
  canEdit,
  onAcquire,
  onRelease,
  onSave,
  placeholder,
  multiline = false,
}: LockedTextFieldProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lockedByOther = lock.kind === 'theirs';

  // Someone else holds it now (ours expired and they took it): our edit is over.
  useEffect(() => {
    if (lockedByOther) setEditing(false);
  }, [lockedByOther]);

  const readOnly = !canEdit || lockedByOther || busy;
  const shown = editing ? draft : value;
  const dirty = editing && draft !== value;

  const start = async () => {
    if (readOnly || editing) return;
    setError(null);
    setDraft(value);
    setEditing(true);
    const problem = await onAcquire();
    if (problem) {
      setEditing(false);
      setError(problem);
    }
  };

  const stop = () => {
    setEditing(false);
    setDraft(value);
    onRelease();
  };

  const save = async () => {
    if (!dirty) return stop();
    setBusy(true);
    const problem = await onSave(draft);
    setBusy(false);
    if (problem) return setError(problem);
    setError(null);
    stop();
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Focus moving to this field's own Save/Cancel is still editing.
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    if (editing && !dirty) stop();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && editing) {
      event.preventDefault();
      stop();
    } else if (event.key === 'Enter' && editing && (!multiline || event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  };

  const hint = lockedByOther
    ? `${lock.username} is editing`
    : editing
      ? `${multiline ? 'Ctrl+Enter' : 'Enter'} saves, Escape cancels.`
      : null;
  const input = {
    label,
    value: shown,
    readOnly,
    placeholder,
    hint,
    error,
    onFocus: () => void start(),
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
    onKeyDown,
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only hears focus leaving the field or its buttons; it is not itself interactive
    <div className="locked-field" onBlur={onBlur} data-lock={lock.kind}>
      {multiline ? <TextAreaField {...input} /> : <TextField {...input} />}
      {editing ? (
        <div className="row locked-field-actions">
          <button type="button" className="button-primary" onClick={() => void save()} disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          <button type="button" onClick={stop} disabled={busy}>
            Cancel
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The lock props of one field from `useEditLocks`. */
export function lockProps(locks: EditLocks, field: string): Pick<LockedTextFieldProps, 'lock' | 'onAcquire' | 'onRelease'> {
  return { lock: locks.stateOf(field), onAcquire: () => locks.acquire(field), onRelease: () => locks.release(field) };
}
