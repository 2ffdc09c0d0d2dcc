import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { useMemo } from 'react';
import { i18n } from '../i18n/i18n.ts';
import { createAppRouter } from './router.tsx';

export function App() {
  const router = useMemo(() => createAppRouter(), []);
  return (
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}
