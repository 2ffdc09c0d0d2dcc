import { useCallback, useEffect, useState } from 'react';
import { useBackOnline } from '../ui/useOnline.ts';
import { NetworkError } from './client.ts';

/**
 * "Read online, keep a copy on the device, show the copy offline": the one way a screen reads
 * online data it must still show without a network (the home, the community board, public-data
 * look-ups, a site's detail). The server's answer always wins and replaces the copy; without a
 * network the copy is shown with the date it was fetched. Where a copy lives is the caller's: a
 * key of the member's store (src/db/member-copies.ts), the look-ups database, or the sync's pulled
 * rows (which the sync keeps, so the reading only reads them).
 */

/** A copy of an answer on the device, with when it was fetched (null: not known). */
export interface Copy<T> {
  value: T;
  savedAt: string | null;
}

/** Where a reading's copy lives; without `write` the copy is kept by someone else (the sync). */
export interface CopyPlace<T> {
  read: () => Promise<Copy<T> | undefined>;
  write?: (copy: Copy<T>) => Promise<void>;
}

/** An answer as a screen shows it: the server's, or the device's copy and its date. */
export interface Reading<T> {
  data: T;
  fromDevice: boolean;
  savedAt: string | null;
}

/**
 * The server's answer, kept as the new copy; without a network the copy, or null when there is
 * none. A refusal (ApiError) is thrown as it came: a copy never hides what the server said.
 */
export async function readOnline<T>({
  load,
  copy,
  savedAt,
}: {
  load: () => Promise<T>;
  copy: CopyPlace<T>;
  /** The answer's own fetch date when it carries one; else the moment it arrived. */
  savedAt?: (data: T) => string;
}): Promise<Reading<T> | null> {
  let data: T;
  try {
    data = await load();
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    const kept = await copy.read();
    return kept ? { data: kept.value, fromDevice: true, savedAt: kept.savedAt } : null;
  }
  const at = savedAt?.(data) ?? new Date().toISOString();
  await copy.write?.({ value: data, savedAt: at });
  return { data, fromDevice: false, savedAt: at };
}

export interface OnlineCopy<T> {
  data: T | null;
  /** When the data shown was fetched. */
  savedAt: string | null;
  /** The data came from the server on this visit (not only the copy). */
  fresh: boolean;
  /** The last reading found no network. */
  offline: boolean;
  reload: () => void;
}

/**
 * readOnline for a screen that shows the copy at once while the server is asked (the home):
 * `load` and `copy` are stable (module constants or memoised). A refusal keeps what is shown
 * (the api client has handled a session that ended).
 */
export function useOnlineCopy<T>({
  load,
  copy,
}: {
  load: () => Promise<T>;
  copy: CopyPlace<T>;
}): OnlineCopy<T> {
  const [shown, setShown] = useState<Omit<OnlineCopy<T>, 'reload'>>({
    data: null,
    savedAt: null,
    fresh: false,
    offline: false,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    let answered = false;
    if (round === 0) {
      void copy.read().then((kept) => {
        if (live && !answered && kept) setShown((s) => ({ ...s, data: kept.value, savedAt: kept.savedAt }));
      });
    }
    readOnline({ load, copy }).then(
      (reading) => {
        answered = true;
        if (!live) return;
        if (reading === null) setShown((s) => ({ ...s, offline: true }));
        else if (reading.fromDevice) {
          setShown((s) => ({ ...s, data: reading.data, savedAt: reading.savedAt, offline: true }));
        } else setShown({ data: reading.data, savedAt: reading.savedAt, fresh: true, offline: false });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [round, load, copy]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  // The copy was shown for want of a network: the server's answer replaces it once one is back.
  useBackOnline({ waiting: shown.offline, again: reload });
  return { ...shown, reload };
}
