import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ResultCode } from '../../sync/codes.ts';
import { setSessionEndedHandler, setSuccessMessageHandler } from '../api/client.ts';
import { forceLogout } from '../features/auth/force-logout.ts';
import { awaitingApproval, profileStore } from '../features/auth/profile.ts';
import { SyncIndicator } from '../features/sync/SyncIndicator.tsx';
import { i18n } from '../i18n/i18n.ts';
import { setHeaderStatus } from '../ui/ScreenHeader.tsx';
import { toast } from '../ui/toast.tsx';
import { router } from './router.tsx';

// Every screen's header shows the sync state (src/ui/ScreenHeader.tsx).
setHeaderStatus(SyncIndicator);

const reviewed = msg`Your sign-up has been reviewed. Please sign in again to continue.`;

export function App() {
  useEffect(() => {
    setSessionEndedHandler(({ code, msg: text }) =>
      // A member under review whose status changed was just approved or rejected: say so, not
      // just "status changed" (the next sign-in shows which).
      forceLogout(
        code === ResultCode.statusChanged && awaitingApproval(profileStore.get()) ? i18n._(reviewed) : text,
      ),
    );
    setSuccessMessageHandler(toast);
  }, []);
  return (
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}
