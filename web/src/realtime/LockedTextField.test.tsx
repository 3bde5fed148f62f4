import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LockedTextField } from './LockedTextField';
import { FREE, type FieldLockState } from './lockState';

const theirs: FieldLockState = { kind: 'theirs', username: 'bob', expiresAt: Date.now() + 30_000 };

/** A field over a lock table of one field: whoever holds it, the saved value, and what was asked. */
function Harness({
  initialLock = FREE,
  acquireProblem = null,
  canEdit = true,
  multiline = false,
}: {
  initialLock?: FieldLockState;
  acquireProblem?: string | null;
  canEdit?: boolean;
  multiline?: boolean;
}) {
  const [lock, setLock] = useState<FieldLockState>(initialLock);
  const [value, setValue] = useState('Payments API');
  const [log, setLog] = useState<string[]>([]);
  const note = (entry: string) => setLog((entries) => [...entries, entry]);
  return (
    <>
      <LockedTextField
        label="Display name"
        value={value}
        lock={lock}
        canEdit={canEdit}
        multiline={multiline}
        onAcquire={async () => {
          note('acquire');
          if (acquireProblem) return acquireProblem;
          setLock({ kind: 'mine', expiresAt: Date.now() + 30_000 });
          return null;
        }}
        onRelease={() => {
          note('release');
          setLock(FREE);
        }}
        onSave={async (next) => {
          note(`save ${next}`);
          setValue(next);
          return null;
        }}
      />
      <button type="button" onClick={() => setLock(FREE)}>
        bob releases
      </button>
      <button type="button">elsewhere</button>
      <output data-testid="log">{log.join('; ')}</output>
    </>
  );
}

const field = () => screen.getByLabelText('Display name') as HTMLInputElement | HTMLTextAreaElement;
const log = () => screen.getByTestId('log').textContent;

describe('LockedTextField', () => {
  it('is read-only and names the holder while someone else edits it', () => {
    render(<Harness initialLock={theirs} />);
    expect(field().readOnly).toBe(true);
    expect(screen.getByText('bob is editing')).toBeTruthy();
  });

  it('does not ask for the lock when focused while someone else holds it', () => {
    render(<Harness initialLock={theirs} />);
    fireEvent.focus(field());
    expect(log()).toBe('');
  });

  it('becomes editable again when the other person lets go', () => {
    render(<Harness initialLock={theirs} />);
    fireEvent.click(screen.getByText('bob releases'));
    expect(field().readOnly).toBe(false);
    expect(screen.queryByText('bob is editing')).toBeNull();
  });

  it('takes the lock on focus', async () => {
    render(<Harness />);
    fireEvent.focus(field());
    await waitFor(() => expect(log()).toBe('acquire'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('saves the change and gives the lock back', async () => {
    render(<Harness />);
    fireEvent.focus(field());
    await waitFor(() => expect(log()).toBe('acquire'));
    fireEvent.change(field(), { target: { value: 'Payments gateway' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(log()).toBe('acquire; save Payments gateway; release'));
    expect(field().value).toBe('Payments gateway');
  });

  it('gives the lock back and restores the value on Escape', async () => {
    render(<Harness />);
    fireEvent.focus(field());
    await waitFor(() => expect(log()).toBe('acquire'));
    fireEvent.change(field(), { target: { value: 'half-typed' } });
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(log()).toBe('acquire; release');
    expect(field().value).toBe('Payments API');
  });

  it('gives the lock back when focus leaves an unchanged field', async () => {
    render(<Harness />);
    fireEvent.focus(field());
    await waitFor(() => expect(log()).toBe('acquire'));
    fireEvent.blur(field(), { relatedTarget: screen.getByText('elsewhere') });
    expect(log()).toBe('acquire; release');
  });

  it('keeps the lock when focus leaves a field with an unsaved change', async () => {
    render(<Harness />);
    fireEvent.focus(field());
    await waitFor(() => expect(log()).toBe('acquire'));
    fireEvent.change(field(), { target: { value: 'Payments gateway' } });
    fireEvent.blur(field(), { relatedTarget: screen.getByText('elsewhere') });
    expect(log()).toBe('acquire');
  });

  it('shows why the lock was refused and stays as it was', async () => {
    render(<Harness acquireProblem="carol is editing displayName" />);
    fireEvent.focus(field());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('carol is editing displayName'));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('is read-only without asking for a lock for people who cannot edit', () => {
    render(<Harness canEdit={false} />);
    fireEvent.focus(field());
    expect(field().readOnly).toBe(true);
    expect(log()).toBe('');
  });

  it('as a text area, takes Enter as a new line and saves on Ctrl+Enter', async () => {
    render(<Harness multiline />);
    expect(field().tagName).toBe('TEXTAREA');
    fireEvent.focus(field());
    await waitFor(() => expect(log()).toBe('acquire'));
    fireEvent.change(field(), { target: { value: 'line one\nline two' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(log()).toBe('acquire');
    fireEvent.keyDown(field(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(log()).toBe('acquire; save line one\nline two; release'));
  });

  it('as a text area, is read-only naming the holder too', () => {
    render(<Harness multiline initialLock={theirs} />);
    expect(field().readOnly).toBe(true);
    expect(screen.getByText('bob is editing')).toBeTruthy();
  });
});
