import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { captureInstallPrompt } from './app/install-prompt.ts';
import { askServiceWorkerForControl } from './app/service-worker-control.ts';
import { warmMemberScreens } from './app/warm-screens.ts';
import { localDb } from './db/db.ts';
import { activateLocale, initialLocale } from './i18n/i18n.ts';
import './styles.css';

// Open the offline store early: it holds what the agent needs without a network.
void localDb.open().catch(() => {});

askServiceWorkerForControl();
// The browser's install prompt may come before the first render: kept for the app's own offer.
captureInstallPrompt();
warmMemberScreens();

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
