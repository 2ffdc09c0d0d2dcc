import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { updateProfileCall } from '../../../sync/api/auth.api.ts';
import { Limits } from '../../../sync/constants.ts';
import { api } from '../../api/client.ts';
import { useCall } from '../../api/useCall.ts';
import { formatPhone } from '../../lib/format.ts';
import { FilePicker } from '../../ui/FilePicker.tsx';
import { toast } from '../../ui/toast.tsx';
import { profileStore, useProfile } from '../auth/profile.ts';

/** Settings "my info": affiliation then name required (spec §5 Profile update); card photo optional. */
export function MyInfoPopup({ close }: { close: () => void }) {
  const { t } = useLingui();
  const profile = useProfile();
  const [affiliation, setAffiliation] = useState(profile?.affiliation ?? '');
  const [name, setName] = useState(profile?.name ?? '');
  const [card, setCard] = useState<File | null>(null);
  const { run, pending: busy } = useCall();

  const save = async () => {
    if (!affiliation.trim()) return toast(t`Please enter your affiliation.`);
    if (!name.trim()) return toast(t`Please enter your name.`);
    const updated = await run(() =>
      api(updateProfileCall, { affiliation, name, ...(card ? { business_card: card } : {}) }),
    );
    if (!updated) return;
    profileStore.set(updated);
    close();
  };

  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 className="modal__title">{t`My info`}</h2>
      <p className="muted">{formatPhone(profile?.phone ?? '')}</p>
      {profile?.business_card && !card ? (
        <img className="card-preview" src={profile.business_card} alt={t`Business card`} />
      ) : null}
      <div className="field">
        <label htmlFor="myinfo-card">{t`Business card photo`}</label>
        <FilePicker
          id="myinfo-card"
          chosen={card?.name ?? null}
          onPick={(file) => {
            if (!file) return;
            if (!file.type.startsWith('image/')) return toast(t`Unsupported image format.`);
            if (file.size > Limits.imageMaxBytes) return toast(t`Images must be 10 MB or smaller.`);
            setCard(file);
          }}
        />
      </div>
      <div className="field">
        <label htmlFor="myinfo-affiliation">{t`Affiliation`}</label>
        <input id="myinfo-affiliation" value={affiliation} onChange={(e) => setAffiliation(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="myinfo-name">{t`Name`}</label>
        <input id="myinfo-name" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Cancel`}
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t`Save`}
        </button>
      </div>
    </form>
  );
}
