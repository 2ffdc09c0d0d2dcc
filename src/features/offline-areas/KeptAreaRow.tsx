import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useCall } from '../../api/useCall.ts';
import type { KeptArea } from '../../db/areas-db.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useConfirm } from '../../ui/dialogs.tsx';
import { formatBytes } from './format-bytes.ts';
import { keepArea, keptAreaName, removeArea } from './kept-areas.ts';
import './offline-areas.css';

/**
 * One kept area: what it holds and takes on the device, when it was last downloaded, and its
 * remove button. Settings also offer "update now" and ask before removing (`manage`); the map's
 * popup, opened to keep areas, removes at once.
 */
export function KeptAreaRow({
  area,
  vworldKey,
  manage = false,
}: {
  area: KeptArea;
  vworldKey: string | null;
  manage?: boolean;
}) {
  const { t } = useLingui();
  const confirm = useConfirm();
  const { run, pending } = useCall();
  const [removing, setRemoving] = useState(false);
  const name = keptAreaName(area);
  const remove = async () => {
    if (manage && !(await confirm(t`Remove ${name} from this device?`, { danger: true }))) return;
    setRemoving(true);
    await removeArea({ idx: area.f_idx, vworldKey }).finally(() => setRemoving(false));
  };
  return (
    <li className="offline-area" data-testid="kept-area">
      <div className="offline-area__text">
        <strong>
          {area.f_area} {name}
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
      <div className="offline-area__actions">
        {manage ? (
          <button
            type="button"
            className="button button--small"
            disabled={pending || removing}
            aria-label={t`Update ${name}`}
            onClick={() => void run(() => keepArea({ area, vworldKey }))}
          >
            <Trans>Update</Trans>
          </button>
        ) : null}
        <button
          type="button"
          className="button button--small button--danger"
          disabled={removing || pending}
          aria-label={t`Remove ${name}`}
          onClick={() => void remove()}
        >
          <Trans>Remove</Trans>
        </button>
      </div>
    </li>
  );
}
