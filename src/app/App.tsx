import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { setSessionEndedHandler, setSuccessMessageHandler } from '../api/client.ts';
import { forceLogout } from '../features/auth/auth-actions.ts';
import { i18n } from '../i18n/i18n.ts';
import { toast } from '../ui/toast.tsx';
import { router } from './router.tsx';

export function App() {
  useEffect(() => {
    setSessionEndedHandler(({ msg }) => forceLogout(msg));
    setSuccessMessageHandler(toast);
  }, []);
  return (
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}
