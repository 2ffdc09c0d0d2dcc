import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useMemo, useState } from 'react';
import { getOfflineAreaListCall } from '../../../sync/api/offline-areas.api.ts';
import { AREA_TILE_BYTES, MAX_AREA_TILES, type ViewBox } from '../../../sync/offline-areas/offline-areas.ts';
import { api } from '../../api/client.ts';
import { useCall } from '../../api/useCall.ts';
import { useQuery } from '../../api/useQuery.ts';
import { formatNumber } from '../../lib/format.ts';
import { toast } from '../../ui/toast.tsx';
import { formatBytes } from './format-bytes.ts';
import { KeepViewSection } from './KeepViewSection.tsx';
import { KeptAreaRow } from './KeptAreaRow.tsx';
import { keepArea, keptAreas } from './kept-areas.ts';

/**
 * Offline areas (map tools): the districts and map views kept on this device for searching
 * without a network, each with its measured size and a remove button, the map's current view to
 * keep, and a picker (province, then district); both show what they would take before downloading.
 */
export default function OfflineAreasPopup({
  vworldKey,
  view,
  close,
}: {
  vworldKey: string | null;
  /** The map's current box, to keep as a map view. */
  view: ViewBox | null;
  close: () => void;
}) {
  const { t } = useLingui();
  const kept = useLiveQuery(() => keptAreas(), []);
  const load = useCallback(() => api(getOfflineAreaListCall, {}), []);
  const options = useQuery(load);
  const [province, setProvince] = useState('');
  const [areaIdx, setAreaIdx] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const { run, pending } = useCall();

  const list = options.data?.list ?? [];
  const provinces = useMemo(() => [...new Set(list.map((a) => a.f_area))], [list]);
  const districts = list.filter((a) => a.f_area === province);
  const chosen = list.find((a) => a.f_idx === areaIdx) ?? null;
  const keptIds = new Set((kept ?? []).filter((a) => !a.view).map((a) => a.f_idx));

  const keep = async () => {
    if (!chosen) return;
    setProgress(0);
    const done = await run(() => keepArea({ area: chosen, vworldKey, onProgress: setProgress }));
    setProgress(null);
    if (done) {
      toast(t`${done.f_district} is kept offline.`);
      setAreaIdx(0);
    }
  };

  return (
    <>
      <h2 className="modal__title">
        <Trans>Offline areas</Trans>
      </h2>
      <p className="muted">
        <Trans>
          The sites and the base map of a kept area stay on this device, so the map search finds them without
          a network. Kept areas are updated when the app syncs.
        </Trans>
      </p>
      {kept && kept.length > 0 ? (
        <ul className="list offline-areas__kept" aria-label={t`Kept areas`}>
          {kept.map((area) => (
            <KeptAreaRow key={area.f_idx} area={area} vworldKey={vworldKey} />
          ))}
        </ul>
      ) : (
        <p className="muted">
          <Trans>No area is kept on this device yet.</Trans>
        </p>
      )}
      <KeepViewSection view={view} kept={kept ?? []} vworldKey={vworldKey} />
      <h3 className="offline-areas__heading">
        <Trans>Keep an area</Trans>
      </h3>
      {options.error && !options.data ? (
        <p className="muted">
          <Trans>Choosing an area needs a network connection.</Trans>
        </p>
      ) : (
        <>
          <label className="field">
            <span>{t`Province or city`}</span>
            <select
              className="input"
              value={province}
              onChange={(e) => {
                setProvince(e.target.value);
                setAreaIdx(0);
              }}
            >
              <option value="">{options.loading ? t`Loading…` : t`Choose`}</option>
              {provinces.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t`District`}</span>
            <select
              className="input"
              value={areaIdx}
              disabled={province === ''}
              onChange={(e) => setAreaIdx(Number(e.target.value))}
            >
              <option value={0}>{t`Choose`}</option>
              {districts.map((a) => (
                <option key={a.f_idx} value={a.f_idx} disabled={keptIds.has(a.f_idx)}>
                  {keptIds.has(a.f_idx)
                    ? t`${a.f_district} (kept)`
                    : t`${a.f_district} · ${formatNumber(a.site_count)} sites`}
                </option>
              ))}
            </select>
          </label>
          {chosen ? (
            <p className="field__hint" data-testid="offline-area-estimate">
              <Plural value={chosen.site_count} one="# site" other="# sites" />
              {' · '}
              {t`about ${formatBytes(chosen.estimate_bytes)}`}
              {' · '}
              {t`map tiles up to ${formatNumber(MAX_AREA_TILES)} (about ${formatBytes(MAX_AREA_TILES * AREA_TILE_BYTES)})`}
            </p>
          ) : null}
          {progress !== null ? <p role="status">{t`Downloading: ${formatNumber(progress)} sites`}</p> : null}
          <button
            type="button"
            className="button button--primary"
            disabled={!chosen || pending || chosen.site_count === 0}
            onClick={() => void keep()}
          >
            <Trans>Keep offline</Trans>
          </button>
        </>
      )}
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          <Trans>Close</Trans>
        </button>
      </div>
    </>
  );
}
