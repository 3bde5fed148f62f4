/** A ticket's files: the list, upload (multipart, with the size limit said up front), download, delete. */
import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { describeError } from '../../api/errors';
import { useSession, useViewer } from '../../session/SessionContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { formatBytes, formatDateTime } from '../../ui/format';
import { downloadAttachment, MAX_FILE_BYTES, uploadAttachments, uploadProblem } from './attachmentCalls';
import { personName } from './ticketModel';
import { useRefetchOnChangeCount } from '../../ui/kit/refetch';
import { ATTACHMENTS, DELETE_ATTACHMENT } from './documents';

/** Choosing files and sending them; `upload` resolves to the refusal message or null. */
export function UploadForm({ upload }: { upload: (files: File[]) => Promise<string | null> }) {
  const input = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const check = () => {
    const files = Array.from(input.current?.files ?? []);
    setMessage(files.length === 0 ? null : uploadProblem(files));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const files = Array.from(input.current?.files ?? []);
    const problem = uploadProblem(files);
    if (problem) {
      setMessage(problem);
      return;
    }
    setSending(true);
    setMessage(null);
    const refused = await upload(files);
    setSending(false);
    setMessage(refused);
    if (!refused && input.current) input.current.value = '';
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="stack">
      <div className="field">
        <label htmlFor="ticket-attachment-file">Attach files</label>
        <input id="ticket-attachment-file" ref={input} type="file" multiple onChange={check} aria-describedby="ticket-attachment-hint" />
        <div className="field-hint" id="ticket-attachment-hint">
          Up to {formatBytes(MAX_FILE_BYTES)} per file.
        </div>
      </div>
      {message ? (
        <div className="notice notice-error" role="alert">
          {message}
        </div>
      ) : null}
      <div>
        <button type="submit" disabled={sending}>
          {sending ? 'Uploading…' : 'Upload'}
        </button>
      </div>
    </form>
  );
}

export function AttachmentsSection({ ticketId, version }: { ticketId: string; version: number }) {
  const viewer = useViewer();
  const { store } = useSession();
  const [result, reexecute] = useQuery({ query: ATTACHMENTS, variables: { ticketId } });
  const refresh = () => reexecute({ requestPolicy: 'network-only' });
  useRefetchOnChangeCount(version, refresh);
  const [removal, remove] = useMutation(DELETE_ATTACHMENT);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const token = () => store.accessToken();
  const upload = async (files: File[]) => {
    const refused = await uploadAttachments(ticketId, files, token);
    if (!refused) refresh();
    return refused;
  };
  const attachments = result.data?.ticketAttachments ?? [];
  return (
    <section className="card ticket-section" aria-labelledby="ticket-attachments">
      <h2 id="ticket-attachments">Attachments ({attachments.length})</h2>
      <ErrorNotice error={result.error} />
      {attachments.length > 0 ? (
        <ul className="ticket-list-plain">
          {attachments.map((a) => (
            <li key={a.id} data-attachment={a.fileName}>
              <span>
                <button
                  type="button"
                  className="button-link"
                  onClick={() => void downloadAttachment(a.downloadUrl, a.fileName, token).then(setDownloadError)}
                >
                  {a.fileName}
                </button>{' '}
                <span className="muted">
                  {formatBytes(a.size)}, {personName(a.uploadedBy)}, {formatDateTime(a.createdAt)}
                </span>
              </span>
              {a.uploadedBy?.id === viewer.id || viewer.role !== 'USER' ? (
                <button
                  type="button"
                  className="button-danger"
                  disabled={removal.fetching}
                  onClick={() => void remove({ id: a.id }).then((r) => !r.error && refresh())}
                  aria-label={`Delete ${a.fileName}`}
                >
                  Delete
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : result.data ? (
        <p className="muted">No files attached.</p>
      ) : null}
      <ErrorNotice error={downloadError} />
      <ErrorNotice error={removal.error ? describeError(removal.error).message : null} />
      <UploadForm upload={upload} />
    </section>
  );
}
