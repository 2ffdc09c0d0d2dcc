import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { KeptArea } from '../../db/areas-db.ts';
import { formatDateTime } from '../../lib/format.ts';
import { formatBytes } from './format-bytes.ts';
import { removeArea } from './kept-areas.ts';

/** One kept area: what it holds and takes on the device, when it was kept, and its remove button. */
export function KeptAreaRow({ area, vworldKey }: { area: KeptArea; vworldKey: string | null }) {
  const { t } = useLingui();
  const [removing, setRemoving] = useState(false);
  return (
    <li className="offline-area" data-testid="kept-area">
      <div className="offline-area__text">
        <strong>
          {area.f_area} {area.f_district}
        </strong>
        <span className="muted">
          <Plural value={area.site_count} one="# site" other="# sites" />
          {' · '}
          {formatBytes(area.bytes)}
          {' · '}
          <Plural value={area.tile_count} one="# map tile" other="# map tiles" />
          {area.tile_count > 0 ? ` (${formatBytes(area.tile_bytes)})` : ''}
        </span>
        <span className="muted">{t`Updated ${formatDateTime(area.kept_at)}`}</span>
      </div>
      <button
        type="button"
        className="button button--small button--danger"
        disabled={removing}
        aria-label={t`Remove ${area.f_district}`}
        onClick={() => {
          setRemoving(true);
          void removeArea({ idx: area.f_idx, vworldKey }).finally(() => setRemoving(false));
        }}
      >
        <Trans>Remove</Trans>
      </button>
    </li>
  );
}
