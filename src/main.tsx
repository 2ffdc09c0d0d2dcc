import type { AnyRoute } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionStore } from './api/session.ts';
import { App } from './app/App.tsx';
import { router } from './app/router.tsx';
import { askServiceWorkerForControl } from './app/service-worker-control.ts';
import { watchFirstScreen } from './app/start-settled.ts';
import { warmMemberScreens } from './app/warm-screens.ts';
import { applyWebFont } from './app/web-font.ts';
import { captureInstallPrompt } from './features/install/install-prompt.ts';
import { activateLocale, initialLocale } from './i18n/i18n.ts';
import { formatNumber } from './lib/format.ts';
import './styles.css';

/** A start whose first screen never settles (an error page) still gets the app's font. */
const WEB_FONT_LATEST_MS = 5_000;

// The web font applies once the first screen is painted (start-settled.ts); at the latest after this.
setTimeout(applyWebFont, WEB_FONT_LATEST_MS);

askServiceWorkerForControl();
// The browser's install prompt may come before the first render: kept for the app's own offer.
captureInstallPrompt();
watchFirstScreen(router);
warmMemberScreens();

// The first screen's code loads beside the catalog, not after it: one round trip less on a thin
// link, one wait less when the offline cache answers. Asked for in a task of its own, right after
// this one: adding the preload links of some thirty chunks took 20 ms of the entry's evaluation.
setTimeout(() => {
  for (const match of router.matchRoutes(window.location.pathname, window.location.search)) {
    const route = (router.routesById as Record<string, AnyRoute>)[match.routeId];
    if (route) void router.loadRouteChunk(route)?.catch(() => {});
  }
  // A member's device database (Dexie and its schema, some 20 ms to evaluate on a slow phone)
  // loads in a task of its own beside them, not inside the task that renders the first screen.
  if (sessionStore.stored()) void import('./db/db.ts');
});

// The first Intl formatter loads ICU's locale data (some 20 ms here, four times that on a slow
// phone): made now, before anything is on screen, not inside the first screen's render where a
// tap would wait behind it.
formatNumber(0);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
// The first render waits for the active language's catalog (its own chunk, precached offline).
// Not a top-level await: the bundler would then keep shared code out of the entry chunk.
void activateLocale(initialLocale()).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
