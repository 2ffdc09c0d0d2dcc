/**
 * Whether a new version of the app waits, and switching to it: the service worker registration
 * read directly, without workbox-window's guesses.
 *
 * Only a real waiting worker may prompt: one waiting behind an active worker. A first install's
 * worker can be seen waiting too, for a moment, with nothing active: Firefox resolves a second
 * page's register() with the first worker `installed` in `waiting` and activates it two
 * milliseconds later (recorded in sw-update.test.ts). workbox-window announced that as an update
 * ("wasWaitingBeforeRegister"), and the prompt's button then had nothing to activate.
 */

/** The parts of a ServiceWorker this module uses. */
export interface WorkerLike extends EventTarget {
  readonly state: string;
  postMessage(message: unknown): void;
}

/** The parts of a ServiceWorkerRegistration this module uses. */
export interface RegistrationLike extends EventTarget {
  readonly installing: WorkerLike | null;
  readonly waiting: WorkerLike | null;
  readonly active: WorkerLike | null;
}

/** The parts of a ServiceWorkerContainer this module uses. */
export interface ContainerLike extends EventTarget {
  readonly controller: WorkerLike | null;
  register(url: string, options: { scope: string }): Promise<RegistrationLike>;
}

/** A new version waits for the user: a worker waits behind an active one. */
export function updateWaiting(registration: RegistrationLike): boolean {
  return registration.waiting !== null && registration.active !== null;
}

/**
 * Follows the registration and tells `onChange` whether an update waits, each time a worker
 * changes state (a new worker found, installed, activated or made redundant). Answers a stop.
 */
export function followUpdates({
  registration,
  onChange,
}: {
  registration: RegistrationLike;
  onChange: (waiting: boolean) => void;
}): () => void {
  const watched = new Set<WorkerLike>();
  const check = () => {
    for (const worker of [registration.installing, registration.waiting]) {
      if (worker && !watched.has(worker)) {
        watched.add(worker);
        worker.addEventListener('statechange', check);
      }
    }
    onChange(updateWaiting(registration));
  };
  registration.addEventListener('updatefound', check);
  check();
  return () => {
    registration.removeEventListener('updatefound', check);
    for (const worker of watched) worker.removeEventListener('statechange', check);
  };
}

/**
 * Switches to the waiting version: the waiting worker is asked to take over (the generated worker
 * answers SKIP_WAITING with skipWaiting) and the page reloads once it controls the page. With no
 * worker waiting any more (another tab took the update), the newest version is already the
 * active one: a reload opens it.
 */
export function applyUpdate({
  registration,
  container,
  reload,
}: {
  registration: RegistrationLike;
  container: ContainerLike;
  reload: () => void;
}): void {
  const waiting = registration.waiting;
  if (!waiting) {
    reload();
    return;
  }
  container.addEventListener('controllerchange', () => reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/** The generated service worker (vite-plugin-pwa's default file name) and its scope. */
export const SERVICE_WORKER = { url: '/sw.js', scope: '/' } as const;
