import { describe, expect, it } from 'vitest';
import { currentNavItem, type NavSection } from './navigation';

const sections: NavSection[] = [
  { title: 'Fleet', items: [{ label: 'Hierarchy', to: '/' }] },
  { title: 'Tickets', items: [{ label: 'All tickets', to: '/tickets' }, { label: 'My tickets', to: '/tickets/mine' }, { label: 'New ticket', to: '/tickets/new' }] },
];

describe('currentNavItem', () => {
  it.each([
    ['/', 'Hierarchy'],
    ['/tickets', 'All tickets'],
    ['/tickets/0b0f6c8e-2d4e-4f55-9d43-1f0f0f0f0f0f', 'All tickets'],
    ['/tickets/new', 'New ticket'],
    ['/tickets/mine', 'My tickets'],
  ])('on %s the current item is %s, and only it', (path, label) => {
    expect(currentNavItem(sections, path)?.label).toBe(label);
  });

  it('has no current item on a path no link owns (the home link owns only /)', () => {
    expect(currentNavItem(sections, '/services/x')).toBeUndefined();
    expect(currentNavItem(sections, '/ticketsx')).toBeUndefined();
  });
});
