import { useCallback, useEffect, useRef, useState } from 'react';
import { useCallFailure } from './useCall.ts';

export interface Query<T> {
  /** The last answer; kept while a new one loads, so a table does not blink. */
  data: T | undefined;
  loading: boolean;
  /** The last load's failure (already toasted), until a load succeeds. */
  error: unknown;
  reload: () => void;
}

/**
 * Loads online data when the screen opens and again whenever `load` changes: give it a
 * useCallback of the inputs. Only the latest load's answer is kept, so a slow earlier answer
 * never overwrites a newer one. A failure is toasted as useCall does.
 */
export function useQuery<T>(load: () => Promise<T>): Query<T> {
  const fail = useCallFailure();
  const failRef = useRef(fail);
  failRef.current = fail;
  const latest = useRef(0);
  const [state, setState] = useState<Omit<Query<T>, 'reload'>>({
    data: undefined,
    loading: true,
    error: undefined,
  });

  const reload = useCallback(() => {
    const id = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => {
        if (id === latest.current) setState({ data, loading: false, error: undefined });
      },
      (error: unknown) => {
        if (id !== latest.current) return;
        failRef.current(error);
        setState((s) => ({ ...s, loading: false, error }));
      },
    );
  }, [load]);

  useEffect(() => {
    reload();
    return () => {
      // Answers arriving after the screen closed or the inputs changed are dropped.
      latest.current++;
    };
  }, [reload]);

  return { ...state, reload };
}
