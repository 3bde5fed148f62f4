/**
 * A destructive action asked twice: the first press shows what will happen and a confirm button,
 * so a stray click never deletes anything. Focus moves to the confirm button for keyboard users.
 */
import { useEffect, useRef, useState } from 'react';

export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  busy = false,
  disabled = false,
}: {
  label: string;
  /** What the confirmation says, e.g. "Delete user alice? This cannot be undone." */
  question: string;
  confirmLabel?: string;
  onConfirm: () => void;
  busy?: boolean;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" className="button-danger" disabled={disabled || busy} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className="confirm" role="group" aria-label={question}>
      <span>{question}</span>
      <button
        type="button"
        ref={confirmRef}
        className="button-danger"
        disabled={busy}
        onClick={() => {
          onConfirm();
          setAsking(false);
        }}
      >
        {confirmLabel ?? label}
      </button>
      <button type="button" onClick={() => setAsking(false)} disabled={busy}>
        Cancel
      </button>
    </span>
  );
}
