import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { useSettled } from './useSettled';

function Shown({ value }: { value: string }) {
  return <output data-testid="shown">{useSettled(value, 5000)}</output>;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('the first change shows at once, a burst after it only as its latest value when the interval ends', () => {
  const { rerender } = render(<Shown value="1 down" />);
  rerender(<Shown value="2 down" />);
  expect(screen.getByTestId('shown').textContent).toBe('2 down');
  rerender(<Shown value="3 down" />);
  rerender(<Shown value="4 down" />);
  expect(screen.getByTestId('shown').textContent).toBe('2 down');
  act(() => vi.advanceTimersByTime(5000));
  expect(screen.getByTestId('shown').textContent).toBe('4 down');
});
