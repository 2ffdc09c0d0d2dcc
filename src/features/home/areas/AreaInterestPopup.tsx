import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import {
  type AreaItem,
  getAreaListCall,
  setAreaLikeCall,
  setTotalAreaLikeCall,
} from '../../../../sync/api/areas.api.ts';
import { api } from '../../../api/client.ts';
import { useCall } from '../../../api/useCall.ts';
import { useQuery } from '../../../api/useQuery.ts';
import '../home.css';

/**
 * Regional interest (spec §2 Home): provinces on the left, their districts on the right; tick one district
 * or the whole province. The monthly new sites then count only these regions (all while none is
 * chosen). Each tick is saved at once (setAreaLike, setTotalAreaLike); online only.
 */
export function AreaInterestPopup({ close }: { close: () => void }) {
  const { t } = useLingui();
  const { run, pending } = useCall();
  const load = useCallback(() => api(getAreaListCall, {}).then((a) => a.list), []);
  const query = useQuery(load);
  const [changed, setChanged] = useState<Record<number, 'Y' | 'N'>>({});
  const areas = useMemo(
    () => (query.data ?? []).map((a) => ({ ...a, f_like: changed[a.f_idx] ?? a.f_like })),
    [query.data, changed],
  );
  const provinces = useMemo(() => [...new Set(areas.map((a) => a.f_area))], [areas]);
  const [picked, setPicked] = useState<string | null>(null);
  const province = picked ?? areas.find((a) => a.f_like === 'Y')?.f_area ?? provinces[0] ?? '';
  const districts = areas.filter((a) => a.f_area === province);
  const whole = districts.length > 0 && districts.every((a) => a.f_like === 'Y');
  const total = areas.filter((a) => a.f_like === 'Y').length;

  const mark = (items: AreaItem[], like: 'Y' | 'N') =>
    setChanged((c) => ({ ...c, ...Object.fromEntries(items.map((a) => [a.f_idx, like])) }));

  const toggleDistrict = async (area: AreaItem) => {
    const like = area.f_like === 'Y' ? 'N' : 'Y';
    if ((await run(() => api(setAreaLikeCall, { area_idx: area.f_idx, like }))) !== undefined)
      mark([area], like);
  };
  const toggleProvince = async () => {
    const like = whole ? 'N' : 'Y';
    if ((await run(() => api(setTotalAreaLikeCall, { area_name: province, like }))) !== undefined)
      mark(districts, like);
  };

  return (
    <div>
      <h2 className="modal__title">{t`Regions of interest`}</h2>
      <p className="muted">
        {total === 0
          ? t`No region chosen: new sites of every region are shown.`
          : t`${total} districts chosen.`}
      </p>
      {query.data ? (
        <div className="area-picker">
          <ul className="area-picker__col" aria-label={t`Province`}>
            {provinces.map((name) => {
              const liked = areas.filter((a) => a.f_area === name && a.f_like === 'Y').length;
              return (
                <li key={name}>
                  <button type="button" aria-current={name === province} onClick={() => setPicked(name)}>
                    {name}
                    {liked > 0 ? <span className="area-picker__count">{liked}</span> : null}
                  </button>
                </li>
              );
            })}
          </ul>
          <ul className="area-picker__col" aria-label={t`Districts of ${province}`}>
            <li>
              <label>
                <input
                  type="checkbox"
                  checked={whole}
                  disabled={pending}
                  onChange={() => void toggleProvince()}
                />
                <strong>
                  <Trans>All of {province}</Trans>
                </strong>
              </label>
            </li>
            {districts.map((area) => (
              <li key={area.f_idx}>
                <label>
                  <input
                    type="checkbox"
                    checked={area.f_like === 'Y'}
                    disabled={pending}
                    onChange={() => void toggleDistrict(area)}
                  />
                  {area.f_district}
                </label>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="muted" aria-live="polite">
          {query.loading ? t`Loading…` : t`The regions could not be loaded.`}
        </p>
      )}
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={close}>
          {t`Done`}
        </button>
      </div>
    </div>
  );
}
