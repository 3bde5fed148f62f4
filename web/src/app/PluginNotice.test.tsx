import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PluginNoticeView } from './PluginNotice';
import type { PluginsView } from './plugins';
import { RouterProvider } from './router';

const unlicensed: PluginsView = {
  state: 'known',
  status: 'NONE',
  expiresAt: null,
  plugins: ['ticketing', 'sla', 'audit'].map((name) => ({ name, licensed: false, enabled: true, active: false })),
};

const renderNotice = (isAdmin: boolean) =>
  render(
    <RouterProvider>
      <PluginNoticeView plugin="sla" view={unlicensed} isAdmin={isAdmin} />
    </RouterProvider>,
  );

describe('the notice of a plugin that is not active', () => {
  it('is one calm status, not an alert, saying what the plugin adds', () => {
    renderNotice(true);
    expect(screen.queryByRole('alert')).toBeNull();
    const notice = screen.getByRole('status');
    expect(notice.className).not.toMatch(/notice-error/);
    expect(notice.textContent).toMatch(/^SLA is a plugin\. The sla plugin adds service-level agreements: /);
  });

  it('shows an admin where to activate a licence: a link to the licence screen', () => {
    renderNotice(true);
    expect(screen.getByRole('status').textContent).toMatch(
      /This server has no licence\. Activate a licence that lists sla under Administration › Licence and plugins\.$/,
    );
    expect(screen.getByRole('link', { name: 'Administration › Licence and plugins' }).getAttribute('href')).toBe('/app/admin/licence');
  });

  it('tells anyone else to ask an admin, without a link they could not use', () => {
    renderNotice(false);
    expect(screen.getByRole('status').textContent).toMatch(/Ask an admin to activate a licence that lists sla\.$/);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
