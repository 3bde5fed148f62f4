/**
 * Writing or editing a comment: the body must be 1 byte to 64 KiB of UTF-8 (the server's rule,
 * checked here first so a person does not lose a long text to a refusal). The server's refusal is
 * shown beside the form all the same.
 */
import { useState, type FormEvent } from 'react';
import { TextAreaField } from '../../ui/fields';

export const MAX_COMMENT_BYTES = 64 * 1024;

/** Why `body` cannot be sent, or null when it can. */
export function commentProblem(body: string): string | null {
  if (body.trim() === '') return 'Write something first.';
  const bytes = new TextEncoder().encode(body).length;
  if (bytes > MAX_COMMENT_BYTES) return `The comment is ${Math.ceil(bytes / 1024)} KiB; shorten it to 64 KiB or attach the text as a file.`;
  return null;
}

export interface CommentFormProps {
  readonly label: string;
  readonly submitLabel: string;
  readonly initialBody?: string;
  /** Sends the body; resolves to the server's error message, or null when it was saved. */
  readonly onSubmit: (body: string) => Promise<string | null>;
  readonly onCancel?: () => void;
}

export function CommentForm({ label, submitLabel, initialBody = '', onSubmit, onCancel }: CommentFormProps) {
  const [body, setBody] = useState(initialBody);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = commentProblem(body);
    if (problem) {
      setError(problem);
      return;
    }
    setSending(true);
    setError(null);
    const refused = await onSubmit(body);
    setSending(false);
    if (refused) setError(refused);
    else if (!initialBody) setBody('');
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="ticket-comment-form">
      <TextAreaField label={label} value={body} onChange={(e) => setBody(e.target.value)} error={error} />
      <div className="row">
        <button type="submit" className="button-primary" disabled={sending}>
          {sending ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} disabled={sending}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
