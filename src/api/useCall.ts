import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { toast } from '../ui/toast.tsx';
import { ApiError, NetworkError } from './client.ts';

/**
 * What the member is told when an online call fails (spec §8): the server's message as it
 * wrote it (already in their language), that the action needs a network, or the generic
 * unexpected-error message. Success messages are shown by the api client itself.
 */
export function useCallFailure(): (err: unknown) => void {
  const { t } = useLingui();
  return useCallback(
    (err: unknown) => {
      if (err instanceof ApiError) toast(err.message);
      else if (err instanceof NetworkError)
        toast(t`This needs a network connection. Please try again online.`);
      else toast(t`An unexpected error occurred. Please restart the app.`);
    },
    [t],
  );
}

export interface CallOptions {
  onError?: (err: unknown) => void;
  /** Tells the member of the failure instead of the usual toast. */
  failure?: (err: unknown) => unknown;
}

/**
 * Runs online-only calls (admin, points, account, site actions the outbox does not carry).
 * `run` resolves the call's result, or undefined when it failed: the failure was toasted
 * (after `onError`, when given, had its look at it), or handed to `failure` instead (the usage
 * ticket's offer, useTicketCheck `refused`). `pending` is true while a call started here is
 * running, for disabling the button that started it.
 */
export function useCall() {
  const fail = useCallFailure();
  const [running, setRunning] = useState(0);
  const run = useCallback(
    async <T>(call: () => Promise<T>, options: CallOptions = {}) => {
      setRunning((n) => n + 1);
      try {
        return await call();
      } catch (err) {
        options.onError?.(err);
        await (options.failure ?? fail)(err);
        return undefined;
      } finally {
        setRunning((n) => n - 1);
      }
    },
    [fail],
  );
  return { run, pending: running > 0 };
}
