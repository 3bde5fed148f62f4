/**
 * Ticket attachments over the public REST endpoints (GraphQL has no file upload): upload is a
 * multipart POST, download a GET, both with the session's bearer token. A download becomes a blob
 * URL clicked as `<a download>`, since a plain link could not carry the token.
 */
import { formatBytes } from '../../ui/format';

/** SPEC.md: 10 MiB per file, 12 MiB per request. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_REQUEST_BYTES = 12 * 1024 * 1024;

export const TOO_LARGE = `Too large: a file may have at most ${formatBytes(MAX_FILE_BYTES)} (${formatBytes(MAX_REQUEST_BYTES)} per upload). Compress it or split it, then attach the parts.`;

/** Why these files cannot be uploaded, before sending a byte; null when they can. */
export function uploadProblem(files: readonly { name: string; size: number }[]): string | null {
  if (files.length === 0) return 'Choose a file first.';
  const big = files.find((f) => f.size > MAX_FILE_BYTES);
  if (big) return `${big.name} is ${formatBytes(big.size)}. ${TOO_LARGE}`;
  if (files.reduce((sum, f) => sum + f.size, 0) > MAX_REQUEST_BYTES)
    return `Together the files are over ${formatBytes(MAX_REQUEST_BYTES)}. Upload them one at a time.`;
  return null;
}

/** The person-readable reason for a refused upload or download. */
export function refusalMessage(status: number, serverMessage: string | null): string {
  if (status === 413) return serverMessage ? `${TOO_LARGE} (${serverMessage})` : TOO_LARGE;
  if (status === 401) return 'Your session has ended. Sign in again, then retry.';
  if (status === 403) return serverMessage ?? 'Your role may not attach files to this ticket.';
  if (status === 404) return serverMessage ?? 'The ticket or the file no longer exists.';
  if (status === 503)
    return `${serverMessage ?? 'The ticketing plugin is not active.'} An admin can activate it under Administration > Licence and plugins.`;
  return serverMessage ?? `The server answered ${status}. Retry in a moment.`;
}

async function serverMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : null;
  } catch {
    return null;
  }
}

type TokenSource = () => Promise<string | null>;

/** Uploads the files; resolves to null when stored, else the message to show. */
export async function uploadAttachments(ticketId: string, files: readonly File[], token: TokenSource): Promise<string | null> {
  const problem = uploadProblem(files);
  if (problem) return problem;
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const bearer = await token();
  if (!bearer) return refusalMessage(401, null);
  let response: Response;
  try {
    response = await fetch(`/api/v1/tickets/${encodeURIComponent(ticketId)}/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}` },
      body: form,
    });
  } catch {
    // A 413 from the gateway closes the connection while the body is still going out: some
    // browsers then report a network error rather than the answer.
    return `The upload was cut off. Check the connection; if the file is large, note the limit: ${TOO_LARGE}`;
  }
  if (response.status === 201) return null;
  return refusalMessage(response.status, await serverMessage(response));
}

/** Fetches the file with the token and hands it to the browser as a download. */
export async function downloadAttachment(downloadUrl: string, fileName: string, token: TokenSource): Promise<string | null> {
  const bearer = await token();
  if (!bearer) return refusalMessage(401, null);
  let response: Response;
  try {
    response = await fetch(downloadUrl, { headers: { authorization: `Bearer ${bearer}` } });
  } catch {
    return 'The server could not be reached. Check the connection and retry.';
  }
  if (!response.ok) return refusalMessage(response.status, await serverMessage(response));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the blob once the click is handled; keep it a moment for slow ones.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return null;
}
