import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Limits } from '../../../sync/constants.ts';
import { sessionStore } from './session.ts';

/** Spec §2 Splash: shown at least 2 s; a signed-in member goes on to /Home. */
export function SplashScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (sessionStore.get() ?? sessionStore.stored()) void navigate({ to: '/Home', replace: true });
      else setReady(true);
    }, Limits.splashMinMs);
    return () => clearTimeout(timer);
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
