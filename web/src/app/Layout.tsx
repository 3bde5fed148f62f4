/**
 * The frame around every signed-in screen: a skip link, the side navigation (by area, filtered by
 * role and by the plugins that are on), the signed-in user with sign-out, and the main region the
 * screen renders into.
 */
import type { ReactNode } from 'react';
import { useSession, useViewer } from '../session/SessionContext';
import { navSections } from './areas';
import { LiveBanner } from './LiveBanner';
import { currentNavItem, visibleNavSections } from './navigation';
import { usePlugins } from './PluginsContext';
import { Link, useRouter } from './router';

export function Layout({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const { signOut } = useSession();
  const { location } = useRouter();
  const sections = visibleNavSections(navSections, viewer.role, usePlugins());
  const current = currentNavItem(sections, location.path);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <nav className="sidebar" aria-label="Main">
        <div className="brand">
          <Link to="/">Operations console</Link>
        </div>
        {sections.map((section) => (
          <div className="nav-section" key={section.title}>
            <h2 className="nav-title">{section.title}</h2>
            <ul>
              {section.items.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={item === current ? 'page' : undefined}
                    className={item === current ? 'active' : undefined}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="viewer">
          <span className="viewer-name" data-testid="viewer-name">
            {viewer.displayName ?? viewer.username}
          </span>
          <span className="viewer-role">{viewer.role.toLowerCase()}</span>
          <button type="button" className="button-link" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </nav>
      <main id="main" className="main" tabIndex={-1}>
        <LiveBanner />
        {children}
      </main>
    </div>
  );
}
