/**
 * The console: the sign-in screen while signed out (and the OpenID Connect callback), otherwise the
 * layout with the screen of the current path. Screens load lazily, one chunk per area; the screen of
 * a plugin that is not active gives way to its notice.
 */
import { Suspense, useEffect } from 'react';
import { ProviderCallback } from '../session/ProviderCallback';
import { useSession } from '../session/SessionContext';
import { SignInScreen } from '../session/SignInScreen';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { Loading } from '../ui/Loading';
import { PageHeader } from '../ui/PageHeader';
import { allRoutes } from './areas';
import { Layout } from './Layout';
import { PluginNotice } from './PluginNotice';
import { PluginsProvider, usePlugins } from './PluginsContext';
import { pluginGate } from './plugins';
import { Link, matchRoute, useRouter } from './router';

export function App() {
  const { session } = useSession();
  const { location } = useRouter();
  if (location.path === '/signin/callback') return <ProviderCallback />;
  if (!session) return <SignInScreen />;
  return (
    <PluginsProvider>
      <Layout>
        <CurrentScreen />
      </Layout>
    </PluginsProvider>
  );
}

function CurrentScreen() {
  const { location } = useRouter();
  const match = matchRoute(allRoutes, location.path);
  const plugins = usePlugins();
  const title = match?.route.title ?? 'Not found';
  useEffect(() => {
    document.title = `${title} · Operations console`;
  }, [title]);
  if (!match) {
    return (
      <>
        <PageHeader title="Not found" />
        <p>
          Nothing lives at <code>{location.path}</code>. <Link to="/">Back to the fleet</Link>.
        </p>
      </>
    );
  }
  const plugin = match.route.plugin;
  const gate = plugin ? pluginGate(plugins, plugin) : 'on';
  if (gate === 'loading') return <Loading label={`Loading ${title}`} />;
  if (plugin && gate === 'off') {
    // The screen would only show filters over the server's refusal: say what the plugin adds instead.
    return (
      <>
        <PageHeader title={title} />
        <PluginNotice plugin={plugin} />
      </>
    );
  }
  const Screen = match.route.screen;
  return (
    <ErrorBoundary key={location.path}>
      <Suspense fallback={<Loading label={`Loading ${title}`} />}>
        <Screen params={match.params} query={new URLSearchParams(location.search)} />
      </Suspense>
    </ErrorBoundary>
  );
}
