import { describe, expect, it } from 'vitest';
import { pluginGate, pluginNoticeText, PLUGINS_LOADING, type PluginsView } from './plugins';

const plugin = (name: string, licensed: boolean, enabled = true) => ({ name, licensed, enabled, active: licensed && enabled });
const view = (
  status: PluginsView['status'],
  plugins = [plugin('ticketing', false), plugin('sla', false), plugin('audit', false)],
  expiresAt: string | null = null,
): PluginsView => ({ state: 'known', status, expiresAt, plugins });

describe('pluginGate', () => {
  it.each([
    ['no answer yet', PLUGINS_LOADING, 'loading'],
    ['the licence could not be read (the server still decides)', { ...PLUGINS_LOADING, state: 'failed' } as PluginsView, 'on'],
    ['no licence', view('NONE'), 'off'],
    ['licensed and switched on', view('ACTIVE', [plugin('sla', true)]), 'on'],
    ['licensed and switched off by an admin', view('ACTIVE', [plugin('sla', true, false)]), 'off'],
    ['a licence without it', view('ACTIVE', [plugin('sla', false), plugin('ticketing', true)]), 'off'],
  ] as const)('with %s the sla plugin is %s', (_case, plugins, gate) => {
    expect(pluginGate(plugins, 'sla')).toBe(gate);
  });
});

describe('pluginNoticeText', () => {
  it('says what the plugin adds, whatever the reason', () => {
    expect(pluginNoticeText(view('NONE'), 'sla', true).adds).toMatch(/^The sla plugin adds service-level agreements: .+\.$/);
    expect(pluginNoticeText(view('NONE'), 'ticketing', false).adds).toMatch(/^The ticketing plugin adds a service desk: .+\.$/);
  });

  it.each([
    ['no licence', view('NONE'), 'This server has no licence.', 'Activate a licence that lists sla under'],
    ['a licence without it', view('ACTIVE'), 'The licence in force does not include it.', 'Activate a licence that lists sla under'],
    [
      'an expired licence',
      view('EXPIRED', undefined, '2026-01-31T00:00:00.000Z'),
      'The licence expired on 2026-01-31T00:00:00.000Z.',
      'Activate a renewed licence under',
    ],
    [
      'switched off by an admin',
      view('ACTIVE', [plugin('sla', true, false)]),
      'It is licensed, and an admin switched it off.',
      'Switch it on under',
    ],
  ] as const)('with %s tells an admin why and where to act', (_case, plugins, why, step) => {
    const text = pluginNoticeText(plugins, 'sla', true);
    expect([text.why, text.adminStep]).toEqual([why, step]);
  });

  it.each([
    ['no licence', view('NONE'), /^This server has no licence\. Ask an admin to activate a licence that lists sla\.$/],
    ['switched off by an admin', view('ACTIVE', [plugin('sla', true, false)]), /ask an admin to switch it on\.$/],
    ['an expired licence', view('EXPIRED'), /ask an admin to activate a renewed one\.$/],
  ] as const)('with %s tells anyone else whom to ask, with no step of their own', (_case, plugins, why) => {
    const text = pluginNoticeText(plugins, 'sla', false);
    expect(text.why).toMatch(why);
    expect(text.adminStep).toBeNull();
  });
});
