/** A ticket's comments: read, add, edit one's own (admins any), delete (author, operators, admins). */
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { describeError } from '../../api/errors';
import { useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatDateTime } from '../../ui/format';
import { CommentForm } from './CommentForm';
import { personName } from './ticketModel';
import { useRefetchOnChangeCount } from '../../ui/kit/refetch';
import { ADD, COMMENTS, EDIT, TICKETS_DELETE_COMMENT } from './documents';

export function CommentsSection({ ticketId, version }: { ticketId: string; version: number }) {
  const viewer = useViewer();
  const [result, reexecute] = useQuery({ query: COMMENTS, variables: { ticketId } });
  const refresh = () => reexecute({ requestPolicy: 'network-only' });
  useRefetchOnChangeCount(version, refresh);
  const [, add] = useMutation(ADD);
  const [, edit] = useMutation(EDIT);
  const [removal, remove] = useMutation(TICKETS_DELETE_COMMENT);
  const [editing, setEditing] = useState<string | null>(null);
  const page = result.data?.ticketComments;
  const saved = async (call: Promise<{ error?: Parameters<typeof describeError>[0] }>) => {
    const answer = await call;
    if (answer.error) return describeError(answer.error).message;
    refresh();
    return null;
  };
  return (
    <section className="card ticket-section" aria-labelledby="ticket-comments">
      <h2 id="ticket-comments">Comments ({page?.total ?? 0})</h2>
      <ErrorNotice error={result.error} />
      {page?.comments.map((comment) => (
        <article key={comment.id} className="ticket-comment" data-comment-id={comment.id}>
          <div className="row">
            <strong>{comment.system ? 'System' : personName(comment.author)}</strong>
            <span className="muted">
              {formatDateTime(comment.createdAt)}
              {comment.editedAt ? ` · edited ${formatDateTime(comment.editedAt)}` : ''}
            </span>
          </div>
          {editing === comment.id ? (
            <CommentForm
              label="Edit comment"
              submitLabel="Save"
              initialBody={comment.body}
              onCancel={() => setEditing(null)}
              onSubmit={async (body) => {
                const refused = await saved(edit({ id: comment.id, body }));
                if (!refused) setEditing(null);
                return refused;
              }}
            />
          ) : (
            <p className="ticket-comment-body">{comment.body}</p>
          )}
          {editing !== comment.id && !comment.system ? (
            <div className="row">
              {comment.authorId === viewer.id || viewer.role === 'ADMIN' ? (
                <button type="button" className="button-link" onClick={() => setEditing(comment.id)}>
                  Edit
                </button>
              ) : null}
              {comment.authorId === viewer.id || viewer.role !== 'USER' ? (
                <button
                  type="button"
                  className="button-link"
                  disabled={removal.fetching}
                  onClick={() => void remove({ id: comment.id }).then((r) => !r.error && refresh())}
                >
                  Delete
                </button>
              ) : null}
            </div>
          ) : null}
        </article>
      ))}
      <ErrorNotice error={removal.error} />
      <CommentForm label="Add a comment" submitLabel="Add comment" onSubmit={(body) => saved(add({ ticketId, body }))} />
    </section>
  );
}
