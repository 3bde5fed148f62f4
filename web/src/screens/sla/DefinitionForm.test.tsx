import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DefinitionForm } from './DefinitionForm';
import { NEW_DEFINITION } from './definitionForm';

const renderForm = (onSubmit = vi.fn()) => {
  render(<DefinitionForm initial={NEW_DEFINITION} submitLabel="Create definition" busy={false} onSubmit={onSubmit} />);
  return onSubmit;
};

describe('DefinitionForm', () => {
  it('does not submit without a name, and says so at the name field', () => {
    const onSubmit = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Create definition' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Give the definition a name.')).toBeTruthy();
  });

  it('marks a target above 100 and keeps the other fields as typed', () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Gold' } });
    fireEvent.change(screen.getByLabelText('Target (%)'), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create definition' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('A target is above 0 and at most 100.')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Gold');
  });

  it('submits the parsed input once the fields are valid', () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Payments gold' } });
    fireEvent.change(screen.getByLabelText('Target (%)'), { target: { value: '99.95' } });
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'WEEK' } });
    fireEvent.click(screen.getByLabelText(/DEGRADED time counts/));
    fireEvent.click(screen.getByRole('button', { name: 'Create definition' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name: 'Payments gold',
      targetPercent: 99.95,
      period: 'WEEK',
      degradedCountsAsDown: true,
    });
  });

  it('refuses a fast burn threshold not above the slow one', () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Gold' } });
    fireEvent.change(screen.getAllByLabelText('Threshold (×)')[0]!, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create definition' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('The fast threshold must be above the slow one.')).toBeTruthy();
  });
});
