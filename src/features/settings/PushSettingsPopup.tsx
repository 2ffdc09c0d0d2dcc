import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { updatePushSettingCall } from '../../../sync/api/auth.api.ts';
import { api } from '../../api/client.ts';
import { useCall } from '../../api/useCall.ts';
import { profileStore, useProfile } from '../auth/profile.ts';

/** Push on/off, sound, vibration and quiet hours (no pushes between the two times). */
export function PushSettingsPopup({ close }: { close: () => void }) {
  const { t } = useLingui();
  const profile = useProfile();
  const s = profile?.setting;
  const [push, setPush] = useState(s?.push !== 'N');
  const [sound, setSound] = useState(s?.push_sound !== 'N');
  const [vibration, setVibration] = useState(s?.push_vibration !== 'N');
  const [quiet, setQuiet] = useState(Boolean(s?.push_off_start_time));
  const [start, setStart] = useState(s?.push_off_start_time ?? '22:00');
  const [end, setEnd] = useState(s?.push_off_end_time ?? '08:00');
  const { run, pending } = useCall();
  const [blocked, setBlocked] = useState(
    () => typeof Notification !== 'undefined' && Notification.permission === 'denied',
  );

  const save = async () => {
    const setting = await run(() =>
      api(updatePushSettingCall, {
        push: push ? 'Y' : 'N',
        push_sound: sound ? 'Y' : 'N',
        push_vibration: vibration ? 'Y' : 'N',
        push_off_start_time: quiet ? start : null,
        push_off_end_time: quiet ? end : null,
      }),
    );
    if (!setting) return;
    if (profile) profileStore.set({ ...profile, setting });
    // This device subscribes when push is on (the browser asks the member once) and is
    // forgotten when it is off. Loaded here only: the entry does not carry it.
    // An admin's view of a member changes the member's settings only: this phone is the admin's.
    if (profile?.opened_by_admin) {
      close();
      return;
    }
    const device = await import('../push/device-push.ts');
    if (!push) {
      await device.forgetDevice();
      close();
      return;
    }
    const subscribed = await run(() => device.subscribeDevice({ ask: true }));
    if (subscribed === 'denied') {
      setBlocked(true);
      return;
    }
    if (subscribed !== undefined) close();
  };

  return (
    <div className="form">
      <h2 className="modal__title">{t`Notification settings`}</h2>
      <label className="choice">
        <input type="checkbox" checked={push} onChange={(e) => setPush(e.target.checked)} />
        {t`Receive notifications`}
      </label>
      {push && blocked ? (
        <p className="field__error" role="alert">
          {t`Notifications are blocked for this app on this phone. Allow them in the browser's site settings to receive pushes.`}
        </p>
      ) : null}
      <label className="choice">
        <input
          type="checkbox"
          checked={sound}
          disabled={!push}
          onChange={(e) => setSound(e.target.checked)}
        />
        {t`Sound`}
      </label>
      <label className="choice">
        <input
          type="checkbox"
          checked={vibration}
          disabled={!push}
          onChange={(e) => setVibration(e.target.checked)}
        />
        {t`Vibration`}
      </label>
      <label className="choice">
        <input
          type="checkbox"
          checked={quiet}
          disabled={!push}
          onChange={(e) => setQuiet(e.target.checked)}
        />
        {t`Quiet hours`}
      </label>
      {quiet ? (
        <div className="row">
          <input
            className="input"
            type="time"
            aria-label={t`Quiet from`}
            value={start}
            onChange={(e) => setStart(e.target.value)}
          />
          <span>~</span>
          <input
            className="input"
            type="time"
            aria-label={t`Quiet until`}
            value={end}
            onChange={(e) => setEnd(e.target.value)}
          />
        </div>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Cancel`}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={pending}
          onClick={() => void save()}
        >
          {t`Save`}
        </button>
      </div>
    </div>
  );
}
