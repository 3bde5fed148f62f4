import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AlsoViewing } from './AlsoViewing';

const viewer = (userId: string, username: string, editing = false) => ({ userId, username, since: '2026-11-26T06:00:00Z', editing });

describe('AlsoViewing', () => {
  it('names the other viewers', () => {
    render(<AlsoViewing others={[viewer('u2', 'bob'), viewer('u3', 'carol')]} />);
    expect(screen.getByTestId('also-viewing').textContent).toBe('Also viewing: bob, carol');
  });

  it('says who of them is editing', () => {
    render(<AlsoViewing others={[viewer('u2', 'bob', true)]} />);
    expect(screen.getByTestId('also-viewing').textContent).toBe('Also viewing: bob (editing)');
  });

  it('says so when nobody else is there', () => {
    render(<AlsoViewing others={[]} />);
    expect(screen.getByTestId('also-viewing').textContent).toBe('No one else is viewing this page.');
  });

  it('announces changes politely to screen readers', () => {
    render(<AlsoViewing others={[]} />);
    expect(screen.getByTestId('also-viewing').getAttribute('aria-live')).toBe('polite');
  });
});
