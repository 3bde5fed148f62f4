/**
 * The plugins' states for the whole signed-in console: read once (`licenseInfo`), read again when
 * the licence changes (`licenseUpdated`: an activation, a plugin switched, expiry) and when live
 * updates come back after a loss, so the navigation and the screens follow without a reload.
 */
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { Context as UrqlContext, useQuery, useSubscription } from 'urql';
import { useOnLiveRecovered } from '../api/useLiveConnection';
import { pluginGate, PLUGINS_LOADING, type PluginGate, type PluginName, type PluginsView } from './plugins';
import { LICENCE_CHANGED, PLUGINS } from './documents';

const PluginsContext = createContext<PluginsView>(PLUGINS_LOADING);

/** Tests and stories hand a fixed view to what they render. */
export const PluginsViewProvider = PluginsContext.Provider;

export function usePlugins(): PluginsView {
  return useContext(PluginsContext);
}

export function usePluginGate(name: PluginName): PluginGate {
  return pluginGate(usePlugins(), name);
}

export function PluginsProvider({ children }: { children: ReactNode }) {
  // The GraphQL client arrives an instant after signing in (SessionContext): until then, loading.
  const client = useContext(UrqlContext) as Partial<{ executeQuery: unknown }>;
  if (typeof client.executeQuery !== 'function')
    return <PluginsContext.Provider value={PLUGINS_LOADING}>{children}</PluginsContext.Provider>;
  return <LivePlugins>{children}</LivePlugins>;
}

function LivePlugins({ children }: { children: ReactNode }) {
  const [result, refetch] = useQuery({ query: PLUGINS });
  const [changed] = useSubscription({ query: LICENCE_CHANGED });
  const changedAt = changed.data?.licenseUpdated.at;
  useEffect(() => {
    if (changedAt) refetch({ requestPolicy: 'network-only' });
  }, [changedAt, refetch]);
  useOnLiveRecovered(() => refetch({ requestPolicy: 'network-only' }));
  const info = result.data?.licenseInfo;
  const failed = !info && result.error !== undefined;
  const view = useMemo<PluginsView>(
    () =>
      info
        ? { state: 'known', status: info.status, expiresAt: info.expiresAt, plugins: info.plugins }
        : failed
          ? { ...PLUGINS_LOADING, state: 'failed' }
          : PLUGINS_LOADING,
    [info, failed],
  );
  return <PluginsContext.Provider value={view}>{children}</PluginsContext.Provider>;
}
