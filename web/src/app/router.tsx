/**
 * A small router on the History API for the console's paths under /app/. Routes are data
 * (`RouteDef`: a pattern like `/services/:id` and a lazily loaded screen), so each area of the
 * console declares its own and the first screen loads only what it shows.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { PluginName } from './plugins';

export const BASE = '/app';

export interface RouteDef {
  /** Below /app, e.g. `/services/:id`; `:name` matches one path segment. */
  readonly path: string;
  readonly screen: LazyExoticComponent<ComponentType<ScreenProps>> | ComponentType<ScreenProps>;
  /** The document title while it shows. */
  readonly title: string;
  /** The plugin the screen needs: while it is not active, the title and the plugin's notice show instead of the screen. */
  readonly plugin?: PluginName;
}

export interface ScreenProps {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
}

export interface Location {
  /** Below /app, always starting with `/`. */
  readonly path: string;
  readonly search: string;
}

interface RouterValue {
  readonly location: Location;
  navigate(to: string, options?: { replace?: boolean }): void;
}

const RouterContext = createContext<RouterValue | null>(null);

function readLocation(): Location {
  const pathname = window.location.pathname;
  const below = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
  return { path: below === '' ? '/' : below, search: window.location.search };
}

export function RouterProvider({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readLocation);
  useEffect(() => {
    const onPop = () => setLocation(readLocation());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: string, options?: { replace?: boolean }) => {
    const url = to.startsWith(BASE) ? to : `${BASE}${to}`;
    if (options?.replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
    setLocation(readLocation());
    window.scrollTo?.(0, 0);
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('useRouter outside RouterProvider');
  return value;
}

/** The query string of the current location, and a way to change one parameter (replacing history). */
export function useQueryParams(): [URLSearchParams, (name: string, value: string | null) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (name: string, value: string | null) => {
      const next = new URLSearchParams(location.search);
      if (value === null || value === '') next.delete(name);
      else next.set(name, value);
      const search = next.toString();
      navigate(`${location.path}${search ? `?${search}` : ''}`, { replace: true });
    },
    [location, navigate],
  );
  return [params, set];
}

/** The route whose pattern matches `path`, with its parameters (decoded). */
export function matchRoute(routes: readonly RouteDef[], path: string): { route: RouteDef; params: Record<string, string> } | null {
  const parts = path.split('/').filter(Boolean);
  for (const route of routes) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const segment = pattern[i]!;
      const part = parts[i]!;
      if (segment.startsWith(':')) {
        try {
          params[segment.slice(1)] = decodeURIComponent(part);
        } catch {
          ok = false;
        }
      } else ok = segment === part;
    }
    if (ok) return { route, params };
  }
  return null;
}

/** An in-app link: a real `<a href>` (open in new tab works), navigated without reload on a plain click. */
export function Link({
  to,
  children,
  className,
  ...rest
}: {
  to: string;
  children: ReactNode;
  className?: string;
  'aria-current'?: 'page' | undefined;
  title?: string;
}) {
  const { navigate } = useRouter();
  const href = to.startsWith(BASE) ? to : `${BASE}${to}`;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={href} onClick={onClick} className={className} {...rest}>
      {children}
    </a>
  );
}
