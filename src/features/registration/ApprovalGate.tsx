import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { awaitingApproval, useProfile } from '../auth/profile.ts';

/**
 * Registration opens once the sign-up is approved: before that every save is refused, so the
 * form is not offered at all and the member is told why, instead of filling it in for nothing.
 */
export function ApprovalGate({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useLingui();
  const profile = useProfile();
  // No profile: signed out (leaving for the sign-in screen) or a stored session whose profile
  // is on its way; the form opens only for a member known to be approved.
  if (profile === null) {
    return (
      <>
        <ScreenHeader title={title} back />
        <main className="screen">
          <p className="muted" role="status">
            <Trans>Opening…</Trans>
          </p>
        </main>
      </>
    );
  }
  if (!awaitingApproval(profile)) return children;
  return (
    <>
      <ScreenHeader title={title} back />
      <main className="screen">
        <p className="banner banner--warn" role="status" data-testid="awaiting-approval">
          <Trans>Your sign-up is under review. You can register sites once an admin approves it.</Trans>
        </p>
        <Link to="/Home" className="button">
          {t`Home`}
        </Link>
      </main>
    </>
  );
}
