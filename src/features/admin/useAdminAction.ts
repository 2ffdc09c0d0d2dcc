import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { ApiError, NetworkError } from '../../api/client.ts';
import { toast } from '../../ui/toast.tsx';

/** Runs an admin call; a refusal is shown here (success messages come from the api client). */
export function useAdminAction() {
  const { t } = useLingui();
  return useCallback(
    async <T>(run: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await run();
      } catch (err) {
        if (err instanceof ApiError) toast(err.message);
        else if (err instanceof NetworkError) toast(t`The admin area needs a network connection.`);
        else toast(t`An unexpected error occurred. Please restart the app.`);
        return undefined;
      }
    },
    [t],
  );
}
