/**
 * The licence's plugins as the console sees them (`licenseInfo`, readable by everyone): which are
 * active, and what a screen says about one that is not. Pure: PluginsContext.tsx asks the server and
 * keeps the answer live; the navigation, the router and screens read it through `usePlugins`.
 */

export type PluginName = 'ticketing' | 'sla' | 'audit';

import type { LicenseStatus as LicenceStatus, ShellPluginsQuery } from '../gql/graphql';

export type { LicenceStatus };

/** A plugin's state in the licence (generated from the shell's query). */
export type PluginState = NonNullable<ShellPluginsQuery['licenseInfo']>['plugins'][number];

/**
 * `loading`: no answer yet; `known`: the server's answer; `failed`: it could not be read (the screens
 * then show what the server says about each of their calls, as before).
 */
export interface PluginsView {
  readonly state: 'loading' | 'known' | 'failed';
  readonly status: LicenceStatus;
  readonly expiresAt: string | null;
  readonly plugins: readonly PluginState[];
}

export const PLUGINS_LOADING: PluginsView = { state: 'loading', status: 'NONE', expiresAt: null, plugins: [] };

/** What each plugin adds, in the words of the console's areas (the licence screen shows the same). */
export const PLUGIN_INFO: Readonly<Record<PluginName, { readonly title: string; readonly adds: string }>> = {
  ticketing: {
    title: 'Tickets',
    adds: 'a service desk: tickets raised from a catalog, with workflows, comments, worklog, watchers and attachments',
  },
  sla: {
    title: 'SLA',
    adds: 'service-level agreements: targets per service or group, attainment and error budgets, alerts, incidents, maintenance windows, trends and a daily report',
  },
  audit: {
    title: 'Audit trail',
    adds: 'the audit trail: who changed what, when, from where, and with what outcome',
  },
};

export const PLUGIN_NAMES = Object.keys(PLUGIN_INFO) as PluginName[];

/** The gate of one plugin for the console: `on` also when its state could not be read (the server still decides). */
export type PluginGate = 'loading' | 'on' | 'off';

export function pluginGate(view: PluginsView, name: PluginName): PluginGate {
  if (view.state === 'loading') return 'loading';
  if (view.state === 'failed') return 'on';
  return view.plugins.some((plugin) => plugin.name === name && plugin.active) ? 'on' : 'off';
}

/** Why a plugin is off, and what to do about it: for an admin, where; for anyone else, whom to ask. */
export interface PluginNoticeText {
  readonly heading: string;
  readonly adds: string;
  readonly why: string;
  /** For an admin only: the step, done on the licence screen (a link to it ends the sentence). */
  readonly adminStep: string | null;
}

export function pluginNoticeText(
  view: PluginsView,
  name: PluginName,
  isAdmin: boolean,
  formatDate: (iso: string) => string = (iso) => iso,
): PluginNoticeText {
  const info = PLUGIN_INFO[name];
  const state = view.plugins.find((plugin) => plugin.name === name);
  const heading = `${info.title} is a plugin`;
  const adds = `The ${name} plugin adds ${info.adds}.`;
  if (state?.licensed && !state.enabled) {
    return {
      heading,
      adds,
      why: isAdmin
        ? 'It is licensed, and an admin switched it off.'
        : 'It is licensed, and an admin switched it off; ask an admin to switch it on.',
      adminStep: isAdmin ? 'Switch it on under' : null,
    };
  }
  if (view.status === 'EXPIRED') {
    const when = view.expiresAt ? ` on ${formatDate(view.expiresAt)}` : '';
    return {
      heading,
      adds,
      why: isAdmin ? `The licence expired${when}.` : `The licence expired${when}; ask an admin to activate a renewed one.`,
      adminStep: isAdmin ? 'Activate a renewed licence under' : null,
    };
  }
  const why = view.status === 'NONE' ? 'This server has no licence.' : 'The licence in force does not include it.';
  return {
    heading,
    adds,
    why: isAdmin ? why : `${why} Ask an admin to activate a licence that lists ${name}.`,
    adminStep: isAdmin ? `Activate a licence that lists ${name} under` : null,
  };
}
