import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { RootBoundary } from './app/error-boundary';
import { AppRoutes, preloadOpeningScreen } from './app/router';
import { afterFirstScreen } from './lib/first-screen';
import { startServiceWorker } from './lib/service-worker';
import { SessionProvider, startSessionRead } from './lib/session';
import './styles.css';

// Before React renders: the session read and the code of the screen this address shows go out together, so the
// first paint waits for the slower of the two, not for one after the other (issue #57).
startSessionRead();
preloadOpeningScreen();

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

// The service worker (installable app, offline page, push notifications: docs/design.md section 8.7), once the
// first screen is shown: its registration and the precache it downloads never compete with that screen.
afterFirstScreen(startServiceWorker);
