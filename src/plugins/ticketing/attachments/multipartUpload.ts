/**
 * A multipart/form-data body streamed into the blob store with busboy, all or nothing: every file
 * part becomes a blob while the body arrives (nothing is held whole in memory); when anything is
 * wrong (a file over its cap, too many files or parts, a malformed body, the request cut off at its
 * cap, the client gone) every blob this request wrote is deleted and the request fails.
 *
 * busboy's limits default to Infinity and it truncates silently (STACK.md): every limit is set here,
 * and reaching one is an error, never a shorter file. Field parts are counted and bounded but not
 * kept: an upload's facts come from its file parts.
 */
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { newBlobKey, type BlobDescriptor, type BlobStore } from '../../../platform/blobs/blobStore.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import { formatBytes } from '../../../platform/gateway/requestBody.js';
import { recordedContentType, sanitizeFileName } from './attachmentNames.js';

export interface UploadLimits {
  /** Bytes per file (SPEC.md "Limits": 10 MiB). */
  readonly fileBytes: number;
  readonly files: number;
  /** Parts of any kind (files and fields). */
  readonly parts: number;
  readonly fields: number;
  /** Bytes of a field's value. */
  readonly fieldBytes: number;
  /** Header lines of one part. */
  readonly headerPairs: number;
}

/** A file of the upload, stored. */
export interface ReceivedFile extends BlobDescriptor {
  readonly fileName: string;
  readonly contentType: string;
}

/** Attachment blobs are `attachment-<uuid>`: the attachments' own keys in the shared store (their orphan sweep lists them). */
export const ATTACHMENT_BLOB_OWNER = 'attachment';

const tooLarge = (message: string) => new AppError(ErrorCode.PayloadTooLarge, message);

/**
 * Stores every file part of `body` (its `Content-Type` is `contentType`) and resolves with them in
 * order, or rejects having deleted all it stored. Rejects with BAD_REQUEST for a body that is not
 * multipart/form-data or has no file, PAYLOAD_TOO_LARGE at a limit, and with the body's own error
 * when the body fails (over the route's cap, client gone).
 */
export async function receiveFiles(
  body: Readable,
  contentType: string | undefined,
  store: BlobStore,
  limits: UploadLimits,
): Promise<ReceivedFile[]> {
  if (contentType === undefined || !/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new AppError(
      ErrorCode.UnsupportedMediaType,
      'an upload is multipart/form-data: send each file as a part with a filename (curl -F "file=@report.pdf")',
    );
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // The name is kept whole and made a display name here (attachmentNames.ts), not cut to a basename.
      preservePath: true,
      defParamCharset: 'utf8',
      // busboy marks a file that reaches `fileSize` as truncated (it cannot know whether more follows), so it
      // is told one byte more: a file of exactly `fileBytes` is whole, and the put's `maxBytes` is the exact cap.
      limits: {
        fileSize: limits.fileBytes + 1,
        files: limits.files,
        parts: limits.parts,
        fields: limits.fields,
        fieldSize: limits.fieldBytes,
        fieldNameSize: 200,
        headerPairs: limits.headerPairs,
      },
    });
  } catch (error) {
    throw new AppError(ErrorCode.BadRequest, `the multipart body cannot be read: ${(error as Error).message}`);
  }

  const stored: Array<Promise<ReceivedFile>> = [];
  const open = new Set<Readable>();
  let failure: Error | undefined;

  const outcome = new Promise<void>((resolve) => {
    const fail = (error: Error) => {
      if (failure) return;
      failure = error;
      body.unpipe(parser);
      // Each put stops at its stream's error and removes its temporary file.
      for (const file of open) file.destroy(error);
      open.clear();
      resolve();
    };
    parser.on('file', (_field, file, info) => {
      if (failure) {
        file.on('error', () => undefined);
        file.resume();
        return;
      }
      open.add(file);
      // Its failures reach the request through the put (and `fail`); a stream already read to its
      // end may still be destroyed with the request's error, which must not go unhandled.
      file.on('error', () => undefined);
      file.once('end', () => open.delete(file));
      const fileName = sanitizeFileName(info.filename);
      file.once('limit', () => fail(tooLarge(`file "${fileName}" is larger than the ${formatBytes(limits.fileBytes)} allowed per file`)));
      file.once('close', () => open.delete(file));
      const put = store.put(file, { key: newBlobKey(ATTACHMENT_BLOB_OWNER), maxBytes: limits.fileBytes }).then((descriptor) => {
        // busboy's truncation is silent; `limit` has failed the request by now, this is the belt to those braces.
        if ((file as { truncated?: boolean }).truncated)
          throw tooLarge(`file "${fileName}" is larger than the ${formatBytes(limits.fileBytes)} allowed per file`);
        return { ...descriptor, fileName, contentType: recordedContentType(info.mimeType) };
      });
      put.catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));
      stored.push(put);
    });
    parser.on('field', (_name, _value, info) => {
      if (info.valueTruncated || info.nameTruncated)
        fail(tooLarge(`a form field is larger than the ${formatBytes(limits.fieldBytes)} allowed`));
    });
    parser.on('filesLimit', () => fail(tooLarge(`at most ${limits.files} files per upload`)));
    parser.on('partsLimit', () => fail(tooLarge(`at most ${limits.parts} parts per upload`)));
    parser.on('fieldsLimit', () => fail(tooLarge(`at most ${limits.fields} form fields per upload`)));
    parser.on('error', (error: unknown) =>
      fail(
        new AppError(ErrorCode.BadRequest, `the multipart body cannot be read: ${error instanceof Error ? error.message : String(error)}`),
      ),
    );
    parser.on('close', () => resolve());
    body.on('error', (error: Error) => fail(error));
    body.pipe(parser);
  });

  await outcome;
  const settled = await Promise.allSettled(stored);
  const error = failure ?? settled.find((s): s is PromiseRejectedResult => s.status === 'rejected')?.reason;
  const files = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  if (error === undefined && files.length === 0) {
    throw new AppError(
      ErrorCode.BadRequest,
      'the upload has no file: send each file as a part with a filename (curl -F "file=@report.pdf")',
    );
  }
  if (error !== undefined) {
    await discard(store, files);
    throw error;
  }
  return files;
}

/** Deletes blobs an upload stored and will not keep. */
export async function discard(store: BlobStore, files: readonly BlobDescriptor[]): Promise<void> {
  await Promise.allSettled(files.map((f) => store.delete(f.key)));
}
