/**
 * The console: the sign-in screen while signed out (and the OpenID Connect callback), otherwise the
 * layout with the screen of the current path. Screens load lazily, one chunk per area.
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
import { Link, matchRoute, useRouter } from './router';

export function App() {
  const { session } = useSession();
  const { location } = useRouter();
  if (location.path === '/signin/callback') return <ProviderCallback />;
  if (!session) return <SignInScreen />;
  return (
    <Layout>
      <CurrentScreen />
    </Layout>
  );
}

function CurrentScreen() {
  const { location } = useRouter();
  const match = matchRoute(allRoutes, location.path);
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
  const Screen = match.route.screen;
  return (
    <ErrorBoundary key={location.path}>
      <Suspense fallback={<Loading label={`Loading ${title}`} />}>
        <Screen params={match.params} query={new URLSearchParams(location.search)} />
      </Suspense>
    </ErrorBoundary>
  );
}
