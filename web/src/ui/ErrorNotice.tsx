/** An error a person can act on, announced to screen readers. */
import type { CombinedError } from '@urql/core';
import { describeError } from '../api/errors';

export function ErrorNotice({ error, title }: { error: CombinedError | string | null | undefined; title?: string }) {
  if (!error) return null;
  const message = typeof error === 'string' ? error : describeError(error).message;
  return (
    <div className="notice notice-error" role="alert">
      {title ? <strong>{title}: </strong> : null}
      {message}
    </div>
  );
}
