import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { RootBoundary } from './app/error-boundary';
import { AppRoutes } from './app/router';
import { SessionProvider } from './lib/session';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <RootBoundary>
      <SessionProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SessionProvider>
    </RootBoundary>
  </StrictMode>,
);

// The service worker (installable app, offline page, push notifications: docs/design.md section 8.7), after
// the page has loaded so it never competes with the first screen.
window.addEventListener('load', () => void import('./lib/service-worker').then((module) => module.startServiceWorker()), { once: true });
