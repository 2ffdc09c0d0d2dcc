import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  type AdminAd,
  updateAdsConnectCall,
  updateAdsImageCall,
  updateAdsPeriodCall,
} from '../../../../sync/api/home-admin.api.ts';
import {
  type AdConnectType,
  adConnectTypes,
  connectProblem,
  MAX_AD_PERIOD_DAYS,
} from '../../../../sync/home/ads.ts';
import { api } from '../../../api/client.ts';
import { useCall } from '../../../api/useCall.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { AttachPicturesButton } from '../../../ui/AttachPicturesButton.tsx';
import { connectTypeLabels, connectValueLabels } from './connect-labels.ts';
import { uploadAdminImage } from './image-upload.ts';

/**
 * One ad slot (spec §2 admin ads): its image (uploaded), what tapping it opens, and for how many days
 * from now it shows. Each part is saved on its own, as the spec's three calls do.
 */
export function AdSlotCard({ ad, onSaved }: { ad: AdminAd; onSaved: (ad: AdminAd) => void }) {
  const { t, i18n } = useLingui();
  const { run, pending } = useCall();
  const [type, setType] = useState<AdConnectType>(ad.f_connect_type);
  const [value, setValue] = useState(ad.f_connect_value);
  const [period, setPeriod] = useState(String(ad.f_period_day));
  const [problem, setProblem] = useState<string | null>(null);
  const slot = ad.f_idx;
  const id = (part: string) => `ad-${slot}-${part}`;
  const valueLabel = connectValueLabels[type];

  // The server's success message is the save's one toast.
  const saved = (next: AdminAd | undefined) => {
    if (next) onSaved(next);
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    saved(
      await run(async () =>
        api(updateAdsImageCall, { ads_idx: slot, image_url: await uploadAdminImage(file) }),
      ),
    );
  };
  const saveConnect = async () => {
    if (connectProblem({ type, value })) {
      setProblem(type === 'L' ? t`Please enter the web address.` : t`Please enter a number.`);
      return;
    }
    setProblem(null);
    saved(
      await run(() => api(updateAdsConnectCall, { ads_idx: slot, connect_type: type, connect_value: value })),
    );
  };
  const savePeriod = async () => {
    const days = Number(period);
    if (period === '' || !Number.isInteger(days) || days > MAX_AD_PERIOD_DAYS) {
      setProblem(t`Enter the days, from 0 to ${MAX_AD_PERIOD_DAYS}.`);
      return;
    }
    setProblem(null);
    saved(await run(() => api(updateAdsPeriodCall, { ads_idx: slot, period: days })));
  };

  return (
    <section className="card ad-slot" aria-label={t`Ad slot ${slot}`} data-ad-slot={slot}>
      <h3 className="row">
        <span className="grow">{t`Slot ${slot}`}</span>
        <span className={`badge ${ad.showing ? 'badge--ok' : ''}`}>
          {ad.showing && ad.f_end_time ? t`Showing until ${formatDateTime(ad.f_end_time)}` : t`Not showing`}
        </span>
      </h3>
      <div className="row">
        {ad.f_image_url ? (
          <img className="ad-slot__image" src={ad.f_image_url} alt={t`Ad of slot ${slot}`} />
        ) : (
          <span className="ad-slot__image ad-slot__image--none muted">{t`No image`}</span>
        )}
        <AttachPicturesButton
          label={ad.f_image_url ? t`Change image` : t`Upload image`}
          multiple={false}
          disabled={pending}
          onPick={([file]) => void upload(file)}
        />
      </div>
      <div className="field">
        <label htmlFor={id('type')}>{t`Tapping it opens`}</label>
        <select id={id('type')} value={type} onChange={(e) => setType(e.target.value as AdConnectType)}>
          {adConnectTypes.map((c) => (
            <option key={c} value={c}>
              {i18n._(connectTypeLabels[c])}
            </option>
          ))}
        </select>
      </div>
      {valueLabel ? (
        <div className="field">
          <label htmlFor={id('value')}>{i18n._(valueLabel)}</label>
          <input
            id={id('value')}
            value={value}
            inputMode={type === 'L' ? 'url' : 'numeric'}
            onChange={(e) => setValue(e.target.value)}
          />
        </div>
      ) : null}
      <button
        type="button"
        className="button button--small"
        disabled={pending}
        onClick={() => void saveConnect()}
      >
        {t`Save link`}
      </button>
      <div className="field">
        <label htmlFor={id('period')}>{t`Days to show from now (0 stops it)`}</label>
        <div className="row">
          <input
            id={id('period')}
            className="grow"
            inputMode="numeric"
            value={period}
            onChange={(e) => setPeriod(e.target.value.replace(/\D/g, ''))}
          />
          <button
            type="button"
            className="button button--small"
            disabled={pending}
            onClick={() => void savePeriod()}
          >
            {t`Save period`}
          </button>
        </div>
      </div>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
