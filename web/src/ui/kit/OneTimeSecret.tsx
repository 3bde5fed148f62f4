/**
 * A secret the server shows exactly once (a reset token, a new agent key): displayed read-only with
 * a copy button and a warning, because leaving the page loses it for good.
 */
import { useState } from 'react';

export function OneTimeSecret({ label, value, note, onDismiss }: { label: string; value: string; note?: string; onDismiss: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // Clipboard access needs a secure context or permission; the text stays selectable.
      setCopied('failed');
    }
  };
  return (
    <div className="notice notice-warn one-time-secret" role="status">
      <strong>{label}</strong>
      <p>{note ?? 'Copy it now: it is shown only this once.'}</p>
      <div className="row">
        <input className="secret-value" readOnly value={value} aria-label={label} onFocus={(event) => event.currentTarget.select()} />
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" onClick={onDismiss}>
          Done
        </button>
      </div>
      <span aria-live="polite">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'failed'
            ? 'The browser refused the clipboard: select the text and copy it.'
            : ''}
      </span>
    </div>
  );
}
