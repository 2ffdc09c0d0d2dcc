import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** Shown when an application was sent: the member waits for an admin's approval. */
export function UnderReview() {
  return (
    <section className="card center" aria-live="polite">
      <h2>
        <Trans>Your application is under review</Trans>
      </h2>
      <p className="muted">
        <Trans>
          An admin checks your business card. You can sign in and use every feature once it is approved.
        </Trans>
      </p>
      <Link to="/Login" className="button button--primary button--block">
        <Trans>Go to sign in</Trans>
      </Link>
    </section>
  );
}
