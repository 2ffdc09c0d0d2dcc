import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { SiteDetailDong, SiteDetailHo } from '../../../../sync/api/site-detail.api.ts';
import { unitGrid } from '../../../../sync/sites/detail.ts';
import { useModal } from '../../../ui/modal.tsx';
import { UnitInfoPopup } from './UnitInfoPopup.tsx';

/**
 * Spec §2 unit grid by building and floor, top floor first. Sold-out units are masked: no
 * price, greyed; a tap on any unit opens its information.
 */
export function UnitGrid({
  dongs,
  units,
  report,
}: {
  dongs: SiteDetailDong[];
  units: SiteDetailHo[];
  /** The site, when the member may report its units (spec §6: everyone, on new-open sites). */
  report: { siteIdx: number; siteName: string } | null;
}) {
  const { t } = useLingui();
  const modal = useModal();
  const grid = useMemo(() => unitGrid({ dongs, units }), [dongs, units]);
  return (
    <section className="detail-section" aria-label={t`Units`}>
      <h2 className="section-title">
        <Trans>Units</Trans>
      </h2>
      {grid.length === 0 ? <p className="muted">-</p> : null}
      {grid.map(({ dong, floors, total, completed }) => (
        <div key={dong.f_idx} className="unit-dong" data-testid="unit-dong">
          <h3 className="unit-dong__title">
            {dong.f_dong || t`No dong name`} <span className="muted">{t`${completed} of ${total} sold`}</span>
          </h3>
          <div className="unit-grid">
            {floors.map(({ floor, units: row }) => (
              <div key={floor} className="unit-grid__floor">
                <span className="unit-grid__label">{t`${floor}F`}</span>
                {row.map((u) => {
                  const done = u.f_complete === 'Y';
                  return (
                    <button
                      key={u.f_idx}
                      type="button"
                      className={`unit-cell${done ? ' is-done' : ''}`}
                      data-testid="unit-cell"
                      data-complete={u.f_complete}
                      onClick={() =>
                        modal.open((close) => (
                          <UnitInfoPopup unit={u} dong={dong} report={report} onClose={close} />
                        ))
                      }
                    >
                      <span>{u.f_ho}</span>
                      {done ? (
                        <small>
                          <Trans>Sold</Trans>
                        </small>
                      ) : null}
                    </button>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}
