import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Limits } from '../../../sync/constants.ts';
import { NetworkError } from '../../api/client.ts';
import { sessionStore } from '../../api/session.ts';
import { profileStore } from './profile.ts';

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
      <img src="/favicon.svg" alt="" width={96} height={96} />
      <h1 className="splash__title">
        <Trans>Bunyang Talk</Trans>
      </h1>
      <p className="splash__tagline">
        <Trans>Sale sites for agents, on the map and in your pocket</Trans>
      </p>
      {ready ? (
        <div className="splash__actions">
          <Link to="/Login" className="button button--primary button--block">
            <Trans>Sign in</Trans>
          </Link>
          <Link to="/SignupInfo" className="button button--block">
            <Trans>Join</Trans>
          </Link>
          <a className="link" href="https://play.google.com/store" target="_blank" rel="noreferrer">
            <Trans>Get the app from the store</Trans>
          </a>
          <Link to="/Inquire" className="link">
            <Trans>Inquiries</Trans>
          </Link>
          <a className="link" href="https://pf.kakao.com" target="_blank" rel="noreferrer">
            <Trans>Chat with support</Trans>
          </a>
        </div>
      ) : (
        <p className="muted" aria-live="polite">
          {t`Loading…`}
        </p>
      )}
    </main>
  );
}
