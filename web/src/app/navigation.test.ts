import { describe, expect, it } from 'vitest';
import { currentNavItem, visibleNavSections, type NavSection } from './navigation';
import { PLUGINS_LOADING, type PluginsView } from './plugins';

const sections: NavSection[] = [
  { title: 'Fleet', items: [{ label: 'Hierarchy', to: '/' }] },
  {
    title: 'Tickets',
    items: [
      { label: 'All tickets', to: '/tickets' },
      { label: 'My tickets', to: '/tickets/mine' },
      { label: 'New ticket', to: '/tickets/new' },
    ],
  },
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

describe('visibleNavSections', () => {
  const withPlugins: NavSection[] = [
    { title: 'Fleet', items: [{ label: 'Hierarchy', to: '/' }] },
    { title: 'SLA', items: [{ label: 'Overview', to: '/sla/overview', plugin: 'sla' }] },
    { title: 'Tickets', items: [{ label: 'All tickets', to: '/tickets', plugin: 'ticketing' }] },
    {
      title: 'Administration',
      items: [
        { label: 'Users', to: '/admin/users', roles: ['ADMIN'] },
        { label: 'Audit trail', to: '/admin/audit', roles: ['ADMIN'], plugin: 'audit' },
      ],
    },
  ];
  const known = (active: string[]): PluginsView => ({
    state: 'known',
    status: active.length ? 'ACTIVE' : 'NONE',
    expiresAt: null,
    plugins: ['ticketing', 'sla', 'audit'].map((name) => ({
      name,
      licensed: active.includes(name),
      enabled: true,
      active: active.includes(name),
    })),
  });
  const titles = (role: string, plugins: PluginsView) =>
    visibleNavSections(withPlugins, role, plugins).map((s) => `${s.title}: ${s.items.map((i) => i.label).join(', ')}`);

  it('leaves out the areas of plugins that are not active, and sections left empty', () => {
    expect(titles('ADMIN', known([]))).toEqual(['Fleet: Hierarchy', 'Administration: Users']);
  });

  it('offers the areas of active plugins', () => {
    expect(titles('ADMIN', known(['sla', 'ticketing', 'audit']))).toEqual([
      'Fleet: Hierarchy',
      'SLA: Overview',
      'Tickets: All tickets',
      'Administration: Users, Audit trail',
    ]);
  });

  it('still filters by role', () => {
    expect(titles('USER', known(['sla', 'audit']))).toEqual(['Fleet: Hierarchy', 'SLA: Overview']);
  });

  it('offers no plugin area before the licence is known, and every one when it cannot be read (the server still decides)', () => {
    expect(titles('ADMIN', PLUGINS_LOADING)).toEqual(['Fleet: Hierarchy', 'Administration: Users']);
    expect(titles('ADMIN', { ...PLUGINS_LOADING, state: 'failed' })).toHaveLength(4);
  });
});
