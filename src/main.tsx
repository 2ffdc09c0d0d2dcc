import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { localDb } from './db/db.ts';
import { activateLocale, initialLocale } from './i18n/i18n.ts';
import './styles.css';

activateLocale(initialLocale());
// Open the offline store early: it holds what the agent needs without a network.
void localDb.open().catch(() => {});

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
