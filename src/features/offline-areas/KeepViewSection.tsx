import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useState } from 'react';
import { getOfflineViewEstimateCall } from '../../../sync/api/offline-areas.api.ts';
import {
  AREA_TILE_BYTES,
  MAX_VIEW_SITES,
  type ViewBox,
  viewBoxProblem,
} from '../../../sync/offline-areas/offline-areas.ts';
import { api } from '../../api/client.ts';
import { useCall } from '../../api/useCall.ts';
import { useQuery } from '../../api/useQuery.ts';
import type { KeptArea } from '../../db/areas-db.ts';
import { formatNumber } from '../../lib/format.ts';
import { toast } from '../../ui/toast.tsx';
import { areaTileUrls } from './area-tiles.ts';
import { formatBytes } from './format-bytes.ts';
import { keepView } from './kept-areas.ts';

const sameBox = (a: ViewBox, b: ViewBox) =>
  a.south === b.south && a.west === b.west && a.north === b.north && a.east === b.east;

/**
 * "Keep this map view": the sites inside the map's current box and its tiles, with the size
 * before keeping (the server's site count × AREA_SITE_BYTES, and the box's tiles). A view
 * larger than viewBoxProblem allows is refused here before asking the server, which refuses it too.
 */
export function KeepViewSection({
  view,
  kept,
  vworldKey,
}: {
  view: ViewBox | null;
  kept: readonly KeptArea[];
  vworldKey: string | null;
}) {
  const { t } = useLingui();
  const problem = view ? viewBoxProblem(view) : null;
  const usable = view && !problem ? view : null;
  // Offline the section says so instead of a second "needs a network" toast beside the picker's.
  const online = typeof navigator === 'undefined' || navigator.onLine;
  const load = useCallback(
    () => (usable && online ? api(getOfflineViewEstimateCall, usable) : Promise.resolve(null)),
    [usable, online],
  );
  const estimate = useQuery(load);
  const tiles = useMemo(
    () => (usable ? areaTileUrls({ bounds: usable, vworldKey }).length : 0),
    [usable, vworldKey],
  );
  const [progress, setProgress] = useState<number | null>(null);
  const { run, pending } = useCall();

  const found = estimate.data ?? null;
  const district = found?.area ?? null;
  const label = district ? t`${district.f_district} map view` : t`Map view`;
  const already = usable !== null && kept.some((a) => a.view && sameBox(a.view, usable));
  const tooMany = found !== null && found.site_count > MAX_VIEW_SITES;

  const keep = async () => {
    if (!usable || !found) return;
    setProgress(0);
    const done = await run(() =>
      keepView({
        view: usable,
        district: district ?? { f_area: '', f_district: '', f_code: '' },
        label,
        vworldKey,
        onProgress: setProgress,
      }),
    );
    setProgress(null);
    if (done) toast(t`${done.name ?? label} is kept offline.`);
  };

  let note: string | null = null;
  if (!view) note = t`Open the map first to keep what it shows.`;
  else if (problem) note = t`This view is too large to keep. Zoom in to a district or smaller.`;
  else if (!online) note = t`Keeping a map view needs a network connection.`;
  else if (tooMany)
    note = t`This view holds more than ${formatNumber(MAX_VIEW_SITES)} sites. Zoom in to keep it.`;
  else if (found?.site_count === 0) note = t`No sites in this view to keep.`;
  else if (already) note = t`This view is already kept.`;

  return (
    <section aria-labelledby="keep-view-heading">
      <h3 className="offline-areas__heading" id="keep-view-heading">
        <Trans>Keep this map view</Trans>
      </h3>
      {found && !problem ? (
        <p className="field__hint" data-testid="offline-view-estimate">
          <strong>{label}</strong>
          {' · '}
          <Plural value={found.site_count} one="# site" other="# sites" />
          {' · '}
          {t`about ${formatBytes(found.estimate_bytes)}`}
          {' · '}
          {t`${formatNumber(tiles)} map tiles (about ${formatBytes(tiles * AREA_TILE_BYTES)})`}
        </p>
      ) : null}
      {note ? (
        <p className="muted" role="status">
          {note}
        </p>
      ) : null}
      {progress !== null ? <p role="status">{t`Downloading: ${formatNumber(progress)} sites`}</p> : null}
      <button
        type="button"
        className="button button--primary"
        disabled={!found || note !== null || pending || found.site_count === 0}
        onClick={() => void keep()}
      >
        <Trans>Keep this map view</Trans>
      </button>
    </section>
  );
}
