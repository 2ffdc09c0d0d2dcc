import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { ApiError, NetworkError } from '../../../api/client.ts';
import { toast } from '../../../ui/toast.tsx';

/**
 * Runs an online-only site call (extension, update-all, unit completion, delete). A refusal is
 * toasted as the server wrote it; without a network the member is told the action needs one.
 * Success messages come from the api client. Resolves undefined when the call failed.
 */
export function useSiteCall() {
  const { t } = useLingui();
  return useCallback(
    async <T>(run: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await run();
      } catch (err) {
        if (err instanceof ApiError) toast(err.message);
        else if (err instanceof NetworkError)
          toast(t`This needs a network connection. Please try again online.`);
        else toast(t`An unexpected error occurred. Please restart the app.`);
        return undefined;
      }
    },
    [t],
  );
}
