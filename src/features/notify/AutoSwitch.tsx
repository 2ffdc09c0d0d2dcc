import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { type NotifyItem, updateAutoNotifyCall } from '../../../sync/api/notify.api.ts';
import { api } from '../../api/client.ts';
import { useCall } from '../../api/useCall.ts';
import { syncEngine } from '../../sync/client.ts';

/**
 * Spec §7 updateAutoNotify from the auto tab's row: one tap turns an automatic notification on or
 * off, keeping its time and interval (the edit popup changes those). The server decides; the
 * device's copy follows with the next sync. Online only, like every edit of a sent notification.
 */
export function AutoSwitch({ item }: { item: NotifyItem }) {
  const { t } = useLingui();
  const { run, pending } = useCall();
  const [on, setOn] = useState(item.f_auto_enable === 'Y');
  const flip = async () => {
    const next = on ? 'N' : 'Y';
    const saved = await run(() =>
      api(updateAutoNotifyCall, {
        notify_idx: item.f_idx,
        auto_enable: next,
        auto_interval: item.f_auto_interval,
        auto_time: item.f_auto_time,
      }),
    );
    if (saved === undefined) return;
    // The server's success message says which way it went: the one toast.
    setOn(saved.f_auto_enable === 'Y');
    void syncEngine.sync();
  };
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={t`Send automatically: ${item.f_title}`}
      className="notify-switch"
      disabled={pending}
      onClick={() => void flip()}
    >
      <span className="notify-switch__knob" aria-hidden="true" />
    </button>
  );
}
