import { Trans, useLingui } from '@lingui/react/macro';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { Icon } from '../ui/Icon.tsx';
import { ScreenHeader } from '../ui/ScreenHeader.tsx';
import { shellIcons } from '../ui/shell-icons.ts';
import './route-states.css';

/** While a screen's code loads (first visit only: afterwards it is in memory or the offline cache). */
export function RoutePending() {
  return (
    <div role="status" aria-busy="true">
      {/* An empty header of the same height: the screen below does not jump when it arrives. */}
      <div className="screen-header" aria-hidden="true" />
      <main className="screen">
        <p className="empty route-pending__text">
          <Trans>Loading…</Trans>
        </p>
      </main>
    </div>
  );
}

/**
 * What browsers (Chromium, Firefox, Safari) say when a dynamic import fails, and what Vite says
 * when a screen's stylesheet is missing. The router does not export its own check.
 */
const loadErrorStarts = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
];

/**
 * A screen's code could not be fetched: the network failed, or a newer deploy replaced the
 * file (for a missing module the router has already reloaded the page once).
 */
export function isScreenLoadError(error: unknown): boolean {
  return error instanceof Error && loadErrorStarts.some((start) => error.message.startsWith(start));
}

/**
 * Any error a screen meets (its code could not load, or it broke while showing): a Korean screen
 * with a way back, never the router's English default. It stands alone (no sync state in its
 * header), so a fault in a shared widget cannot break it too.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const { t } = useLingui();
  const router = useRouter();
  const loadFailed = isScreenLoadError(error);
  const back = () => {
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: '/Home' });
  };
  return (
    <>
      <header className="screen-header">
        <button type="button" className="icon-button" onClick={back} aria-label={t`Back`}>
          <Icon data={shellIcons.back} size={24} className="shell-icon" />
        </button>
        <h1 className="screen-header__title">{t`Bunyang Talk`}</h1>
      </header>
      <main className="screen">
        <section className="empty route-error" role="alert" data-testid="route-error">
          <p className="route-error__title">
            {loadFailed ? (
              <Trans>This screen could not be opened. Check your connection and try again.</Trans>
            ) : (
              <Trans>Something went wrong while showing this screen.</Trans>
            )}
          </p>
          {loadFailed ? null : (
            <p className="muted">
              <Trans>What you saved is kept. Go back, or reload to try again.</Trans>
            </p>
          )}
          <div className="route-error__actions">
            <button type="button" className="button button--primary" onClick={back}>
              <Trans>Go back</Trans>
            </button>
            <Link to="/Home" className="button">
              <Trans>Go home</Trans>
            </Link>
            {/* A reload also picks up a new deploy whose files replaced the missing one. */}
            <button type="button" className="button" onClick={() => window.location.reload()}>
              <Trans>Reload</Trans>
            </button>
          </div>
        </section>
      </main>
    </>
  );
}

/** An address the app has no screen for (an old link, a typo): say so and lead home. */
export function RouteNotFound() {
  const { t } = useLingui();
  return (
    <>
      <ScreenHeader title={t`Bunyang Talk`} back />
      <main className="screen">
        <section className="empty" role="alert">
          <p>
            <Trans>There is no such page.</Trans>
          </p>
          <Link to="/Home" className="button button--primary">
            <Trans>Go home</Trans>
          </Link>
        </section>
      </main>
    </>
  );
}
