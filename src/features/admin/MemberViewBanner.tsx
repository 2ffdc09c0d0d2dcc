import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useProfile } from '../auth/profile.ts';

/**
 * On every screen while an admin looks at a member's view: whose view it is, and the way out.
 * The app acts as this member; nothing of the admin's authority is here (the server decides).
 */
export function MemberViewBanner() {
  const { t } = useLingui();
  const profile = useProfile();
  const [leaving, setLeaving] = useState(false);
  const active = profile?.opened_by_admin === true;
  // The banner is fixed on top: the page moves down under it rather than hide behind it.
  useEffect(() => {
    document.body.classList.toggle('has-member-view', active);
    return () => document.body.classList.remove('has-member-view');
  }, [active]);
  if (!active || !profile) return null;
  const name = profile.name;
  return (
    <div
      className="banner banner--warn row member-view-banner"
      role="status"
      data-testid="member-view-banner"
    >
      <span className="grow">{t`Admin view: you are seeing the app as ${name}.`}</span>
      <button
        type="button"
        className="button button--small"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          // The way out loads on use: its calls (admin-members.api) stay off every start.
          void import('./member-view.ts').then((m) => m.leaveMemberView()).finally(() => setLeaving(false));
        }}
      >
        {t`Leave this view`}
      </button>
    </div>
  );
}
