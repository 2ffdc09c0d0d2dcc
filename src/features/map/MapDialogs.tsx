import { Trans } from '@lingui/react/macro';
import type { MapSite } from '../../../sync/map/query.ts';

/** Several sites share one pin: the agent picks one. */
export function SamePositionDialog({
  sites,
  onPick,
  onClose,
}: {
  sites: MapSite[];
  onPick: (idx: number) => void;
  onClose: () => void;
}) {
  return (
    <>
      <h2 className="modal__title">
        <Trans>Sites at this place</Trans>
      </h2>
      <ul className="list">
        {sites.map((s) => (
          <li key={s.f_idx}>
            <button type="button" className="link" onClick={() => onPick(s.f_idx)}>
              {s.f_name}
            </button>
          </li>
        ))}
      </ul>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </>
  );
}
