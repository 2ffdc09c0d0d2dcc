import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useConfirm } from '../../ui/dialogs.tsx';
import { useModal } from '../../ui/modal.tsx';
import { logout } from '../auth/auth-actions.ts';
import { PointHistoryPopup } from '../points/PointHistoryPopup.tsx';
import { AppTextsPopup } from '../settings/AppTextsPopup.tsx';
import { MyInfoPopup } from '../settings/MyInfoPopup.tsx';
import { PushSettingsPopup } from '../settings/PushSettingsPopup.tsx';
import { WithdrawalPopup } from '../settings/WithdrawalPopup.tsx';

export const SETTINGS_ID = 'settings';

// Offline areas load on first use; they read the device, so the popup opens offline too.
const KeptAreasPopup = lazy(() => import('../offline-areas/KeptAreasPopup.tsx'));

/** Spec §2 settings popups: my info, notification settings, point history, logout, withdrawal. */
export function SettingsList() {
  const { t } = useLingui();
  const modal = useModal();
  const confirm = useConfirm();
  return (
    <section id={SETTINGS_ID} aria-label={t`Settings`} className="settings-list">
      <h2 className="section-title">{t`Settings`}</h2>
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
        onClick={() => modal.open((close) => <PointHistoryPopup close={close} />)}
      >
        {t`Point history`}
      </button>
      <button
        type="button"
        className="card card--link"
        onClick={() =>
          modal.open((close) => (
            <Suspense fallback={null}>
              <KeptAreasPopup close={close} />
            </Suspense>
          ))
        }
      >
        {t`Offline areas`}
      </button>
      <button
        type="button"
        className="card card--link"
        onClick={() => modal.open((close) => <AppTextsPopup close={close} />)}
      >
        {t`Terms and policies`}
      </button>
      <button
        type="button"
        className="card card--link"
        onClick={async () => {
          if (!(await confirm(t`Sign out? Data kept on this device is cleared.`))) return;
          // Web Push: this device hears nothing more for this member.
          await import('../push/device-push.ts').then((m) => m.forgetDevice()).catch(() => undefined);
          await logout();
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
  );
}
