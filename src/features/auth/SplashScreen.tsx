import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Limits } from '../../../sync/constants.ts';
import { NetworkError } from '../../api/client.ts';
import { sessionStore } from '../../api/session.ts';
import { profileStore } from './profile.ts';

// The splash's links show after its 2 seconds, and only to a visitor: their code loads meanwhile.
let actions: Promise<typeof import('./SplashActions.tsx')> | undefined;
const loadActions = () => {
  actions ??= import('./SplashActions.tsx');
  return actions;
};
const SplashActions = lazy(() => loadActions().then((m) => ({ default: m.SplashActions })));

/**
 * Spec §2 Splash: shown at least 2 s. With a stored session the profile is fetched; a
 * refused fetch returns to login. Without a network the agent goes on with the profile
 * kept on the device (the app must open offline).
 */
export function SplashScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const stored = sessionStore.get() ?? sessionStore.stored();
    const minimum = new Promise((r) => setTimeout(r, Limits.splashMinMs));
    if (!stored) void loadActions().catch(() => {});
    const decide = async (): Promise<'/Home' | '/Login' | null> => {
      if (!stored) return null;
      sessionStore.restore(stored);
      try {
        await profileStore.refresh();
        return '/Home';
      } catch (err) {
        if (err instanceof NetworkError && profileStore.get()) return '/Home';
        // A session-ending code already sent the user to /Login through the client handler.
        return '/Login';
      }
    };
    void Promise.all([decide(), minimum]).then(([to]) => {
      if (cancelled) return;
      if (to) void navigate({ to, replace: true });
      else setReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, [navigate]);

  return (
    <main className="splash">
      <img src="/favicon.svg" alt="" width={96} height={96} fetchPriority="high" />
      <h1 className="splash__title">
        <Trans>Bunyang Talk</Trans>
      </h1>
      <p className="splash__tagline">
        <Trans>Sale sites for agents, on the map and in your pocket</Trans>
      </p>
      {ready ? (
        <Suspense fallback={null}>
          <SplashActions />
        </Suspense>
      ) : (
        <p className="muted" aria-live="polite">
          {t`Loading…`}
        </p>
      )}
    </main>
  );
}
