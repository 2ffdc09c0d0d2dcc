import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatPhone } from '../../lib/format.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { useModal } from '../../ui/modal.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { logout } from '../auth/auth-actions.ts';
import { useProfile } from '../auth/profile.ts';
import { MyInfoPopup } from '../settings/MyInfoPopup.tsx';
import { PushSettingsPopup } from '../settings/PushSettingsPopup.tsx';
import { WithdrawalPopup } from '../settings/WithdrawalPopup.tsx';

/** Spec §2 More: the member header and the settings. */
export function MoreScreen() {
  const { t } = useLingui();
  const profile = useProfile();
  const modal = useModal();
  const confirm = useConfirm();
  return (
    <>
      <ScreenHeader title={t`More`} />
      <main className="screen">
        <section className="card">
          <strong>{profile?.name}</strong> <span className="muted">{profile?.affiliation}</span>
          <div className="muted">{formatPhone(profile?.phone ?? '')}</div>
          {profile?.approval === 'P' ? <span className="badge badge--warn">{t`Under review`}</span> : null}
        </section>
        {profile?.is_admin ? (
          <Link to="/admin" className="card card--link">
            {t`Admin`}
          </Link>
        ) : null}
        <section aria-label={t`Settings`} className="settings-list">
          <button
            type="button"
            className="card card--link"
            onClick={() => modal.open((close) => <MyInfoPopup close={close} />)}
          >
            {t`My info`}
          </button>
          <button
            type="button"
            className="card card--link"
            onClick={() => modal.open((close) => <PushSettingsPopup close={close} />)}
          >
            {t`Notification settings`}
          </button>
          <button
            type="button"
            className="card card--link"
            onClick={async () => {
              if (await confirm(t`Sign out? Data kept on this device is cleared.`)) await logout();
            }}
          >
            {t`Sign out`}
          </button>
          <button
            type="button"
            className="card card--link"
            onClick={() => modal.open((close) => <WithdrawalPopup close={close} />)}
          >
            {t`Withdraw`}
          </button>
        </section>
      </main>
    </>
  );
}
