import { useCallback, useEffect, useRef, useState } from 'react';
import { sessionStore } from '../api/session.ts';
import { type LocalDb, localDb } from '../db/db.ts';

/**
 * Forms keep what was typed (docs/forms.md): every form an agent fills writes its state to
 * the device as it changes and finds it again after a reload or a killed app, until it is saved or
 * discarded. The state lives in the offline store's key-value table (`syncMeta`, keys
 * `kept:<member>:<form>`), so it holds files too (a card photo, pictures) and logout clears it
 * with the rest of the member's data; before sign-in the member is 0 (sign-up).
 */

interface KeptRecord {
  saved_at: string;
  value: unknown;
}

const DISCARD = Symbol('discard');

export interface KeptForms {
  /** What the form kept for the signed-in member, if anything. */
  read<T>(form: string): Promise<T | undefined>;
  /** Keeps the form's state; writes run in order and only the latest of a burst is written. */
  write(form: string, value: unknown): Promise<void>;
  /** Saved or discarded: nothing of the form stays. */
  discard(form: string): Promise<void>;
  /** Every form kept under a prefix goes (a registration's unit popups once it ends). */
  discardUnder(prefix: string): Promise<void>;
}

export function createKeptForms({ db, uid }: { db: LocalDb; uid: () => number }): KeptForms {
  const keyOf = (form: string) => `kept:${uid()}:${form}`;
  // Per key: the value waiting to be written and the chain of writes, so a slow write never lands
  // after a later one (or after the discard that follows a save).
  const waiting = new Map<string, unknown>();
  const chains = new Map<string, Promise<void>>();

  const flush = async (key: string) => {
    if (!waiting.has(key)) return;
    const value = waiting.get(key);
    waiting.delete(key);
    if (value === DISCARD) await db.syncMeta.delete(key);
    else {
      const record: KeptRecord = { saved_at: new Date().toISOString(), value };
      await db.syncMeta.put({ key, value: record });
    }
  };

  const enqueue = (key: string, value: unknown): Promise<void> => {
    waiting.set(key, value);
    const run = (chains.get(key) ?? Promise.resolve()).then(() =>
      flush(key).catch(() => {
        // Storage refused (full, private mode): the form still works, it is only not kept.
      }),
    );
    chains.set(key, run);
    void run.then(() => {
      if (chains.get(key) === run) chains.delete(key);
    });
    return run;
  };

  return {
    async read<T>(form: string) {
      const key = keyOf(form);
      await chains.get(key);
      try {
        const row = await db.syncMeta.get(key);
        return (row?.value as KeptRecord | undefined)?.value as T | undefined;
      } catch {
        return undefined;
      }
    },
    write: (form, value) => enqueue(keyOf(form), value),
    discard: (form) => enqueue(keyOf(form), DISCARD),
    async discardUnder(prefix) {
      const start = keyOf(prefix);
      try {
        const keys = (await db.syncMeta.where('key').startsWith(start).primaryKeys()) as string[];
        await Promise.all(keys.map((key) => enqueue(key, DISCARD)));
      } catch {
        // Storage unavailable: nothing was kept either.
      }
    },
  };
}

export const keptForms = createKeptForms({
  db: localDb,
  uid: () => (sessionStore.get() ?? sessionStore.stored())?.uid ?? 0,
});

type SetKept<T> = (next: T | ((previous: T) => T)) => void;

/**
 * A form's state, kept on the device. `ready` is false while the kept copy is read (render the
 * form once it is true, so nothing typed meanwhile is overwritten); `restored` says a kept copy
 * was found. `discard` after the form is saved or the agent drops it.
 */
export function useKeptState<T>({ key, initial }: { key: string; initial: T | (() => T) }): {
  value: T;
  set: SetKept<T>;
  ready: boolean;
  restored: boolean;
  discard: () => Promise<void>;
  /** Drops the kept copy and goes back to the initial state (the agent starts over). */
  reset: () => void;
} {
  const [value, setValue] = useState<T>(initial);
  const first = useRef(value);
  const [ready, setReady] = useState(false);
  const [restored, setRestored] = useState(false);
  const latest = useRef(value);

  useEffect(() => {
    let live = true;
    setReady(false);
    void keptForms.read<T>(key).then((kept) => {
      if (!live) return;
      if (kept !== undefined) {
        latest.current = kept;
        setValue(kept);
        setRestored(true);
      }
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [key]);

  const set = useCallback<SetKept<T>>(
    (next) => {
      const value = typeof next === 'function' ? (next as (previous: T) => T)(latest.current) : (next as T);
      latest.current = value;
      setValue(value);
      void keptForms.write(key, value);
    },
    [key],
  );

  const discard = useCallback(() => keptForms.discard(key), [key]);

  const reset = useCallback(() => {
    latest.current = first.current;
    setValue(first.current);
    setRestored(false);
    void keptForms.discard(key);
  }, [key]);

  return { value, set, ready, restored, discard, reset };
}
