import { useEffect, useRef, useState } from 'react';
import type { Call, CallInput, CallOutput } from '../../../sync/api/contract.ts';
import type { LookupAnswer } from '../../../sync/public-data/public-data.ts';
import { useCallFailure } from '../../api/useCall.ts';
import { useBackOnline } from '../../ui/useOnline.ts';
import { lookUp, NotKeptError, type ShownLookup } from './kept-lookups.ts';

type Row<C> = CallOutput<C> extends LookupAnswer<infer T> ? T : never;

export interface LookupState<T> {
  shown: ShownLookup<T> | undefined;
  loading: boolean;
  /** Offline and never fetched on this device. */
  needsNetwork: boolean;
  /** The server refused (message already toasted). */
  failed: boolean;
}

/**
 * Runs a public-data look-up while `input` is given (null: not yet, e.g. a tab not opened);
 * a new input (JSON-equal inputs are the same) runs it again. Failures are toasted once.
 */
export function useLookup<C extends Call>(call: C, input: CallInput<C> | null): LookupState<Row<C>> {
  const fail = useCallFailure();
  const failRef = useRef(fail);
  failRef.current = fail;
  const key = input === null ? null : JSON.stringify(input);
  const [state, setState] = useState<LookupState<Row<C>>>({
    shown: undefined,
    loading: false,
    needsNetwork: false,
    failed: false,
  });
  // Shown from the device, or never fetched here, for want of a network: asked again once it is back.
  const [reconnected, setReconnected] = useState(0);
  const asked = useRef<string | null>(null);
  useBackOnline({
    waiting: state.needsNetwork || state.shown?.fromDevice === true,
    again: () => setReconnected((n) => n + 1),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reconnected` is a trigger: the network back asks again.
  useEffect(() => {
    if (key === null) return;
    let live = true;
    // Leaving the look-up cancels it: the server then stops asking the provider (pages on the way).
    const leaving = new AbortController();
    // Asked again for the same input (the network back), the copy stays until the answer replaces it.
    setState((prev) =>
      asked.current === key
        ? { ...prev, loading: true }
        : { shown: undefined, loading: true, needsNetwork: false, failed: false },
    );
    asked.current = key;
    lookUp({ call, input: JSON.parse(key) as CallInput<C>, signal: leaving.signal }).then(
      (shown) => {
        if (live)
          setState({
            shown: shown as ShownLookup<Row<C>>,
            loading: false,
            needsNetwork: false,
            failed: false,
          });
      },
      (err: unknown) => {
        if (!live) return;
        const needsNetwork = err instanceof NotKeptError;
        if (!needsNetwork) failRef.current(err);
        setState({ shown: undefined, loading: false, needsNetwork, failed: !needsNetwork });
      },
    );
    return () => {
      live = false;
      leaving.abort();
    };
  }, [call, key, reconnected]);
  return state;
}
