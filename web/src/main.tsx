/** The console's entry: one session store for the page, the router, the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { RouterProvider } from './app/router';
import { createBrowserSessionStore, SessionProvider } from './session/SessionContext';
import './ui/theme.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <RouterProvider>
      <SessionProvider store={createBrowserSessionStore()}>
        <App />
      </SessionProvider>
    </RouterProvider>
  </StrictMode>,
);
