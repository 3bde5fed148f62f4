import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MAX_FILE_BYTES, refusalMessage } from './attachmentCalls';
import { UploadForm } from './AttachmentsSection';

function choose(files: File[]) {
  const input = screen.getByLabelText('Attach files') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

describe('attachment upload form', () => {
  it('says a file over 10 MiB is too large as soon as it is chosen, and does not send it', () => {
    const upload = vi.fn(async () => null);
    render(<UploadForm upload={upload} />);
    choose([new File([new Uint8Array(MAX_FILE_BYTES + 1)], 'dump.bin')]);
    expect(screen.getByRole('alert').textContent).toMatch(/^dump\.bin is 10\.0 MiB\. Too large: a file may have at most 10\.0 MiB/);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows the server refusal of a too large upload (413) with the limit', async () => {
    render(<UploadForm upload={async () => refusalMessage(413, 'file over 10485760 bytes')} />);
    choose([new File(['log line'], 'app.log')]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /Too large: a file may have at most 10\.0 MiB \(12\.0 MiB per upload\).*\(file over 10485760 bytes\)/,
    );
  });

  it('sends a file within the limit and shows no message when it is stored', async () => {
    const upload = vi.fn(async () => null);
    render(<UploadForm upload={upload} />);
    const file = new File(['log line'], 'app.log');
    choose([file]);
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(upload).toHaveBeenCalledWith([file]));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
