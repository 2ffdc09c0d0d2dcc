import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { MapSite } from '../../../sync/map/query.ts';

/** Spec §4 Ticket: with no valid ticket, a confirm offers the usage extension. */
export function TicketExpiredDialog({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <>
      <h2 className="modal__title">
        <Trans>Usage ticket</Trans>
      </h2>
      <p>{message}</p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Later</Trans>
        </button>
        <Link to="/More" className="button button--primary">
          <Trans>Usage extension</Trans>
        </Link>
      </div>
    </>
  );
}

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
