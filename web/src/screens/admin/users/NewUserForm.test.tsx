import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NewUserForm } from './NewUserForm';

function renderForm(onCreate = vi.fn(async () => true)) {
  render(<NewUserForm busy={false} onCreate={onCreate} onCancel={() => {}} />);
  return onCreate;
}

describe('NewUserForm', () => {
  it('shows every problem next to its field and sends nothing', async () => {
    const onCreate = renderForm();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'has space' } });
    fireEvent.change(screen.getByLabelText('Initial password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText(/cannot contain spaces/)).toBeTruthy();
    expect(screen.getByText(/at least 10 characters/)).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('sends the filled-in fields and empties the form once created', async () => {
    const onCreate = renderForm();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'dana' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'dana@example.com' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'OPERATOR' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith({ username: 'dana', email: 'dana@example.com', role: 'OPERATOR' }));
    await waitFor(() => expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe(''));
  });

  it('keeps what was typed when the server refuses', async () => {
    renderForm(vi.fn(async () => false));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('dana'));
  });
});
