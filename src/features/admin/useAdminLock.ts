import { useLingui } from '@lingui/react/macro';
import { useCallback, useSyncExternalStore } from 'react';
import { closeAdminLockCall, openAdminLockCall } from '../../../sync/api/admin-members.api.ts';
import { api } from '../../api/client.ts';
import { useCall } from '../../api/useCall.ts';
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
  const { run } = useCall();
  const until = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => unlockedUntil,
  );
  const open = until !== null && until > Date.now();

  const unlock = useCallback(async () => {
    const password = await prompt({
      title: t`Open the admin lock`,
      label: t`Admin password`,
      type: 'password',
      validate: (v) => (v ? null : t`Please enter the password.`),
    });
    if (password === null) return false;
    const res = await run(() => api(openAdminLockCall, { password }));
    if (!res) return false;
    set(new Date(res.unlocked_until).getTime());
    return true;
  }, [prompt, run, t]);

  const lock = useCallback(async () => {
    try {
      await api(closeAdminLockCall, {});
    } finally {
      set(null);
    }
  }, []);

  return { open, unlock, lock };
}
