import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmButton } from './ConfirmButton';

describe('ConfirmButton', () => {
  it('does nothing on the first press but ask, with the confirm button focused', () => {
    const onConfirm = vi.fn();
    render(<ConfirmButton label="Delete user" question="Delete carol for good?" confirmLabel="Delete" onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete user' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Delete carol for good?' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
  });

  it('acts on the confirmation', () => {
    const onConfirm = vi.fn();
    render(<ConfirmButton label="Revoke" question="Revoke the key?" onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cancel returns to the single button without acting', () => {
    const onConfirm = vi.fn();
    render(<ConfirmButton label="Delete" question="Delete?" onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});
