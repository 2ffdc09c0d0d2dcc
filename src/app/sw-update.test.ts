import { describe, expect, it } from 'vitest';
import {
  applyUpdate,
  type ContainerLike,
  followUpdates,
  type RegistrationLike,
  type WorkerLike,
} from './sw-update.ts';

class FakeWorker extends EventTarget implements WorkerLike {
  messages: unknown[] = [];
  constructor(public state: string) {
    super();
  }
  postMessage(message: unknown): void {
    this.messages.push(message);
  }
  /** The worker moves to a state, and the registration's slots move with it, as a browser does. */
  become(state: string): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget implements RegistrationLike {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
}

class FakeContainer extends EventTarget implements ContainerLike {
  controller: FakeWorker | null = null;
  register(): Promise<RegistrationLike> {
    throw new Error('not used');
  }
}

function follow(registration: FakeRegistration): boolean[] {
  const seen: boolean[] = [];
  followUpdates({ registration, onChange: (waiting) => seen.push(waiting) });
  return seen;
}

describe('the update prompt decision', () => {
  it('never offers an update for the first install that Firefox shows waiting to a second page', () => {
    // Recorded on Firefox ESR 153: `/` opened on a fresh profile, then `/Login` loaded while the
    // first worker was installing. register() resolved with it installed in `waiting`, nothing
    // active and no controller; 2 ms later it was activating (and claimed the page), then activated.
    const first = new FakeWorker('installed');
    const registration = new FakeRegistration();
    registration.waiting = first;
    const seen = follow(registration);

    registration.waiting = null;
    registration.active = first;
    first.become('activating');
    first.become('activated');

    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen).not.toContain(true);
  });

  it('offers an update once a new worker waits behind the active one, and withdraws it when it activates', () => {
    const current = new FakeWorker('activated');
    const registration = new FakeRegistration();
    registration.active = current;
    const seen = follow(registration);
    expect(seen).toEqual([false]);

    const next = new FakeWorker('installing');
    registration.installing = next;
    registration.dispatchEvent(new Event('updatefound'));
    registration.installing = null;
    registration.waiting = next;
    next.become('installed');
    expect(seen.at(-1)).toBe(true);

    registration.waiting = null;
    registration.active = next;
    next.become('activating');
    expect(seen.at(-1)).toBe(false);
  });

  it('offers an update already waiting when the page registers', () => {
    const registration = new FakeRegistration();
    registration.active = new FakeWorker('activated');
    registration.waiting = new FakeWorker('installed');
    expect(follow(registration)).toEqual([true]);
  });
});

describe('applying the update', () => {
  it('asks the waiting worker to take over and reloads once it controls the page', () => {
    const registration = new FakeRegistration();
    const next = new FakeWorker('installed');
    registration.active = new FakeWorker('activated');
    registration.waiting = next;
    const container = new FakeContainer();
    let reloads = 0;
    applyUpdate({ registration, container, reload: () => reloads++ });
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reloads).toBe(0);
    container.dispatchEvent(new Event('controllerchange'));
    expect(reloads).toBe(1);
  });

  it('reloads at once when no worker waits any more, so the button never does nothing', () => {
    const registration = new FakeRegistration();
    registration.active = new FakeWorker('activated');
    let reloads = 0;
    applyUpdate({ registration, container: new FakeContainer(), reload: () => reloads++ });
    expect(reloads).toBe(1);
  });
});
