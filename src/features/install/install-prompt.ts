/**
 * The browser's install prompt (Android and desktop Chromium fire `beforeinstallprompt` once the
 * app may be installed, often before React has mounted): kept from the first instant, its mini
 * bar suppressed, so the app offers to install at a moment of its own (src/features/install/).
 * In the entry because the event will not come again; everything else about installing is lazy.
 */

/** Chromium's event (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export const installPrompt = {
  /** The prompt the browser offers now, or null (none yet, used, or installed). */
  get: (): BeforeInstallPromptEvent | null => deferred,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Takes the prompt: a prompt shows once, so it is forgotten as it is used. */
  take(): BeforeInstallPromptEvent | null {
    const event = deferred;
    deferred = null;
    notify();
    return event;
  },
};

export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}
