import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import {
  getSiteDetailCall,
  type SiteDetail,
  setCompleteHouseCall,
} from '../../../../sync/api/site-detail.api.ts';
import { unitGrid } from '../../../../sync/sites/detail.ts';
import { api } from '../../../api/client.ts';
import { useCall } from '../../../api/useCall.ts';

/**
 * Spec §2 sale-complete grid: every unit of a new-open site by building and floor; a tap
 * toggles it sold out (Y) or not (N); Apply sends the whole list (setCompleteHouse), Cancel
 * forgets the toggles. Online only: the list must match the server's units.
 */
export function CompleteGridPopup({
  siteIdx,
  siteName,
  onClose,
  onApplied,
}: {
  siteIdx: number;
  siteName: string;
  onClose: () => void;
  onApplied?: (completed: ReadonlySet<number>) => void;
}) {
  const { t } = useLingui();
  const { run, pending } = useCall();
  const [detail, setDetail] = useState<SiteDetail | null>(null);
  const [completed, setCompleted] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    let live = true;
    void run(() => api(getSiteDetailCall, { site_idx: siteIdx, skip_log_recent_view: 'Y' })).then((d) => {
      if (!live) return;
      if (!d) return onClose();
      setDetail(d);
      setCompleted(new Set(d.ho_list.filter((h) => h.f_complete === 'Y').map((h) => h.f_idx)));
    });
    return () => {
      live = false;
    };
  }, [run, siteIdx, onClose]);

  const grid = useMemo(
    () => (detail ? unitGrid({ dongs: detail.dong_list, units: detail.ho_list }) : []),
    [detail],
  );
  const toggle = (idx: number) =>
    setCompleted((set) => {
      const next = new Set(set);
      if (next.has(idx)) next.delete(idx);
      else next.add(idx);
      return next;
    });

  const apply = async () => {
    const res = await run(() =>
      api(setCompleteHouseCall, { site_idx: siteIdx, ho_idx_list: [...completed] }),
    );
    if (!res) return;
    onApplied?.(completed);
    onClose();
  };

  return (
    <div data-testid="complete-grid">
      <h2 className="modal__title">{t`Sold-out units · ${siteName}`}</h2>
      {detail === null ? (
        <p className="muted">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {detail && grid.length === 0 ? (
        <p className="empty">
          <Trans>No information found.</Trans>
        </p>
      ) : null}
      {grid.map(({ dong, floors }) => (
        <div key={dong.f_idx} className="unit-dong">
          <h3 className="unit-dong__title">{dong.f_dong || t`No dong name`}</h3>
          <div className="unit-grid">
            {floors.map(({ floor, units }) => (
              <div key={floor} className="unit-grid__floor">
                <span className="unit-grid__label">{t`${floor}F`}</span>
                {units.map((u) => {
                  const done = completed.has(u.f_idx);
                  return (
                    <button
                      key={u.f_idx}
                      type="button"
                      className={`unit-cell${done ? ' is-done' : ''}`}
                      aria-pressed={done}
                      data-testid="complete-cell"
                      data-unit-idx={u.f_idx}
                      onClick={() => toggle(u.f_idx)}
                    >
                      <span>{u.f_ho}</span>
                      <small>{done ? t`Sold` : t`On sale`}</small>
                    </button>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      ))}
      <p className="muted">{t`${completed.size} of ${detail?.ho_list.length ?? 0} units sold out`}</p>
      <div className="modal__actions">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={detail === null || pending}
          onClick={() => void apply()}
          data-testid="complete-apply"
        >
          <Trans>Apply</Trans>
        </button>
      </div>
    </div>
  );
}
