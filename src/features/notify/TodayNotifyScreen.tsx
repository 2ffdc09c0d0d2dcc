import { useLingui } from '@lingui/react/macro';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { NotifyList } from './NotifyList.tsx';
import { useNotifyPopups } from './useNotifyPopups.tsx';

/** Spec §2 /notify/today: the notifications received today (Seoul day), the home's reminder link. */
export function TodayNotifyScreen() {
  const { t } = useLingui();
  const popups = useNotifyPopups({ onSaved: () => {} });
  return (
    <>
      <ScreenHeader title={t`Today's notifications`} back />
      <main className="screen notify-screen">
        <NotifyList readAll list={{ kind: 'received', today: true }} onOpen={popups.open} />
      </main>
    </>
  );
}
