import { Trans } from '@lingui/react/macro';

/** A screen whose feature is built by a later issue: the route exists and says so. */
export function Placeholder({ title, feature }: { title: string; feature: string }) {
  return (
    <section className="placeholder">
      <h1>{title}</h1>
      <p>
        <Trans>This screen is not built yet. It arrives with the {feature} work.</Trans>
      </p>
    </section>
  );
}
