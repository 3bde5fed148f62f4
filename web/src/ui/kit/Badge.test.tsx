import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serviceStatusBadge } from '../badges';
import { Badge } from './Badge';

describe('a badge', () => {
  it('colours its word by tone with the theme class, and is plain without one', () => {
    render(
      <>
        <Badge tone="down">Open</Badge>
        <Badge tone="alert">no node</Badge>
        <Badge>default</Badge>
      </>,
    );
    expect(screen.getByText('Open').className).toBe('badge status-down');
    expect(screen.getByText('no node').className).toBe('badge badge-alert');
    expect(screen.getByText('default').className).toBe('badge');
  });

  it("takes an area's palette instead of a tone, and names its value in data attributes", () => {
    render(
      <Badge palette="ticket-category-waiting" data={{ category: 'WAITING' }} title="Waiting">
        On hold
      </Badge>,
    );
    const badge = screen.getByText('On hold');
    expect(badge.className).toBe('badge ticket-category-waiting');
    expect(badge.getAttribute('data-category')).toBe('WAITING');
    expect(badge.getAttribute('title')).toBe('Waiting');
  });

  it('reads a status the console does not know as "Unknown", keeping the raw value in data-status', () => {
    render(<Badge {...serviceStatusBadge('SIDEWAYS')} />);
    const badge = screen.getByText('Unknown');
    expect(badge.className).toBe('badge status-unknown');
    expect(badge.getAttribute('data-status')).toBe('SIDEWAYS');
  });
});
