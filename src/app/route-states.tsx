import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorComponent, type ErrorComponentProps, Link } from '@tanstack/react-router';
import { ScreenHeader } from '../ui/ScreenHeader.tsx';
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

/** The screen could not load: say so and offer a reload, which also picks up a new deploy. */
export function RouteError({ error }: ErrorComponentProps) {
  const { t } = useLingui();
  if (!isScreenLoadError(error)) return <ErrorComponent error={error} />;
  return (
    <>
      <ScreenHeader title={t`Bunyang Talk`} back />
      <main className="screen">
        <section className="empty" role="alert">
          <p>
            <Trans>This screen could not be opened. Check your connection and try again.</Trans>
          </p>
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            <Trans>Reload</Trans>
          </button>
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
