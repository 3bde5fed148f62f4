import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CommentForm, MAX_COMMENT_BYTES } from './CommentForm';

function renderForm(onSubmit: (body: string) => Promise<string | null>, initialBody?: string) {
  render(<CommentForm label="Comment" submitLabel="Add comment" onSubmit={onSubmit} initialBody={initialBody} />);
  return { field: screen.getByLabelText('Comment') as HTMLTextAreaElement, button: screen.getByRole('button', { name: 'Add comment' }) };
}

describe('comment form', () => {
  it('refuses an empty comment without sending it', () => {
    const onSubmit = vi.fn(async () => null);
    const { button } = renderForm(onSubmit);
    fireEvent.click(button);
    expect(screen.getByRole('alert').textContent).toBe('Write something first.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a comment over 64 KiB and says how to get it in', () => {
    const onSubmit = vi.fn(async () => null);
    const { field, button } = renderForm(onSubmit);
    fireEvent.change(field, { target: { value: 'é'.repeat(MAX_COMMENT_BYTES / 2 + 1) } });
    fireEvent.click(button);
    expect(screen.getByRole('alert').textContent).toMatch(/shorten it to 64 KiB or attach the text as a file/);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the body and empties the field once saved', async () => {
    const onSubmit = vi.fn(async () => null);
    const { field, button } = renderForm(onSubmit);
    fireEvent.change(field, { target: { value: 'Restarted the pod' } });
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledWith('Restarted the pod');
    await waitFor(() => expect(field.value).toBe(''));
  });

  it('keeps the text and shows the server refusal when saving fails', async () => {
    const { field, button } = renderForm(async () => 'Your role may not comment on INC-000001.');
    fireEvent.change(field, { target: { value: 'Still down' } });
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('Your role may not comment on INC-000001.');
    expect(field.value).toBe('Still down');
  });

  it('starts an edit from the comment body', () => {
    const { field } = renderForm(async () => null, 'First words');
    expect(field.value).toBe('First words');
  });
});
