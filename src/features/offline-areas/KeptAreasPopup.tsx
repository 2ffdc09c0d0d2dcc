import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { rememberedVworldKey } from '../map/useMapConfig.ts';
import { formatBytes } from './format-bytes.ts';
import { KeptAreaRow } from './KeptAreaRow.tsx';
import { keptAreas } from './kept-areas.ts';

/**
 * Settings › Offline areas: the areas kept on this device, each with its size, when it was last
 * downloaded, update now and remove (asked first), and what they take together. Read from the
 * device, so it opens offline; keeping a new area is on the map (its tools), where the view is.
 */
export default function KeptAreasPopup({ close }: { close: () => void }) {
  const { t } = useLingui();
  const kept = useLiveQuery(() => keptAreas(), []);
  const vworldKey = rememberedVworldKey();
  const total = (kept ?? []).reduce((sum, a) => sum + a.bytes + a.tile_bytes, 0);
  return (
    <>
      <h2 className="modal__title">
        <Trans>Offline areas</Trans>
      </h2>
      {kept && kept.length > 0 ? (
        <>
          <ul className="list offline-areas__kept" aria-label={t`Kept areas`}>
            {kept.map((area) => (
              <KeptAreaRow key={area.f_idx} area={area} vworldKey={vworldKey} manage />
            ))}
          </ul>
          <p className="offline-areas__total" data-testid="kept-areas-total">
            {t`On this device: ${formatBytes(total)}`}
          </p>
        </>
      ) : kept ? (
        <p className="muted">
          <Trans>No area is kept on this device yet. Keep one from Map tools › Offline areas.</Trans>
        </p>
      ) : null}
      <p className="muted">
        <Trans>Kept areas are updated when the app syncs.</Trans>
      </p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          <Trans>Close</Trans>
        </button>
      </div>
    </>
  );
}
