import { createRootRoute, createRoute, Outlet, redirect, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { sessionStore } from '../../api/session.ts';
import { profileStore } from '../../features/auth/profile.ts';
import { useSessionWatch } from '../../features/auth/useSessionWatch.ts';
import { ModalProvider } from '../../ui/modal.tsx';
import { ToastHost } from '../../ui/toast.tsx';
import { BottomNav } from '../BottomNav.tsx';
import { FirstScreenInTurn } from '../FirstScreenInTurn.tsx';
import { decideGuard } from '../guard.ts';

// What acts after the first screen (the leave-home rule, the update prompt, an admin's member
// view mark) stays out of the entry chunk: nobody presses back in the first instant.
const AfterStart = lazy(() => import('../AfterStart.tsx').then((m) => ({ default: m.AfterStart })));

function RootLayout() {
  return (
    <ModalProvider>
      <FirstScreenInTurn>
        <Outlet />
      </FirstScreenInTurn>
      <ToastHost />
      <Suspense fallback={null}>
        <AfterStart />
      </Suspense>
    </ModalProvider>
  );
}

export const rootRoute = createRootRoute({
  component: RootLayout,
  beforeLoad: ({ location }) => {
    const decision = decideGuard({
      pathname: location.pathname,
      session: sessionStore.get(),
      stored: sessionStore.stored(),
      forcedLogout: sessionStore.forcedLogout() !== null,
    });
    if (decision.kind === 'restore') {
      sessionStore.restore(decision.session);
      // A reload keeps the session; the profile is refreshed from the server in the background.
      void profileStore.refresh().catch(() => {});
    }
    if (decision.kind === 'redirect') throw redirect({ to: decision.to });
  },
});

/** Screens before sign-in: a plain centred column. */
export const publicLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  component: () => (
    <div className="app-column">
      <Outlet />
    </div>
  ),
});

const mainTabPaths = new Set(['/home', '/interest', '/map', '/community', '/more']);

function AppLayout() {
  useSessionWatch();
  const pathname = useRouterState({ select: (s) => s.location.pathname.toLowerCase() });
  const showNav = mainTabPaths.has(pathname);
  // The map uses the whole width: its list sits beside it on wide screens.
  const wide = pathname === '/map';
  return (
    <div className={`app-column${showNav ? ' app-column--with-nav' : ''}${wide ? ' app-column--wide' : ''}`}>
      <Outlet />
      {showNav ? <BottomNav /> : null}
    </div>
  );
}

/** Screens of a signed-in member (the root guard has already checked the session). */
export const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: AppLayout,
});
