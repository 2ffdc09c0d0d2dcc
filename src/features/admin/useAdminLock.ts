import { useLingui } from '@lingui/react/macro';
import { useCallback, useSyncExternalStore } from 'react';
import { closeAdminLockCall, openAdminLockCall } from '../../../sync/api/admin-members.api.ts';
import { ApiError, api, NetworkError } from '../../api/client.ts';
import { usePrompt } from '../../ui/dialogs.tsx';

/** When the lock was opened until, as the server said (it enforces the lock itself). */
let unlockedUntil: number | null = null;
const listeners = new Set<() => void>();
const set = (v: number | null) => {
  unlockedUntil = v;
  for (const l of listeners) l();
};

export function useAdminLock() {
  const { t } = useLingui();
  const prompt = usePrompt();
  const until = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => unlockedUntil,
  );
  const open = until !== null && until > Date.now();

  const unlock = useCallback(async () => {
    let opened = false;
    const password = await prompt({
      title: t`Open the admin lock`,
      label: t`Admin password`,
      type: 'password',
      validate: (v) => (v ? null : t`Please enter the password.`),
      // A wrong password is said beside the field and the popup stays open for another try.
      check: async (password) => {
        try {
          const res = await api(openAdminLockCall, { password });
          set(new Date(res.unlocked_until).getTime());
          opened = true;
          return null;
        } catch (err) {
          if (err instanceof ApiError) return err.message;
          if (err instanceof NetworkError)
            return t`This needs a network connection. Please try again online.`;
          return t`An unexpected error occurred. Please restart the app.`;
        }
      },
    });
    return password !== null && opened;
  }, [prompt, t]);

  const lock = useCallback(async () => {
    try {
      await api(closeAdminLockCall, {});
    } finally {
      set(null);
    }
  }, []);

  return { open, unlock, lock };
}
