/** A ticket's comments: read, add, edit one's own (admins any), delete (author, operators, admins). */
import { useState } from 'react';
import { gql, useMutation, useQuery } from 'urql';
import { describeError } from '../../api/errors';
import { useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatDateTime } from '../../ui/format';
import { CommentForm } from './CommentForm';
import { personName, type PersonRef } from './ticketModel';
import { useRefetchOnChangeCount } from '../../ui/kit/refetch';

const COMMENTS = gql`
  query TicketsComments($ticketId: ID!) {
    ticketComments(ticketId: $ticketId, limit: 500) {
      total
      comments {
        id authorId system body createdAt editedAt
        author { id username displayName }
      }
    }
  }
`;
const ADD = gql`
  mutation TicketsAddComment($ticketId: ID!, $body: String!) {
    addTicketComment(ticketId: $ticketId, body: $body) { id body }
  }
`;
const EDIT = gql`
  mutation TicketsEditComment($id: ID!, $body: String!) {
    editTicketComment(id: $id, body: $body) { id body editedAt }
  }
`;
const DELETE = gql`
  mutation TicketsDeleteComment($id: ID!) {
    deleteTicketComment(id: $id)
  }
`;

interface Comment {
  id: string;
  authorId: string | null;
  system: boolean;
  body: string;
  createdAt: string;
  editedAt: string | null;
  author: PersonRef | null;
}

export function CommentsSection({ ticketId, version }: { ticketId: string; version: number }) {
  const viewer = useViewer();
  const [result, reexecute] = useQuery<{ ticketComments: { total: number; comments: Comment[] } }>({ query: COMMENTS, variables: { ticketId } });
  const refresh = () => reexecute({ requestPolicy: 'network-only' });
  useRefetchOnChangeCount(version, refresh);
  const [, add] = useMutation(ADD);
  const [, edit] = useMutation(EDIT);
  const [removal, remove] = useMutation(DELETE);
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
                <button type="button" className="button-link" disabled={removal.fetching} onClick={() => void remove({ id: comment.id }).then((r) => !r.error && refresh())}>
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
