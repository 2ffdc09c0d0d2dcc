import { Trans, useLingui } from '@lingui/react/macro';
import type { SiteDetailDong, SiteDetailHo } from '../../../../sync/api/site-detail.api.ts';
import type { TransCode } from '../../../../sync/sites/detail.ts';
import { parseList, roomLabel } from '../../../../sync/sites/rules.ts';
import { dashIfBlank, formatArea } from '../../../lib/format.ts';
import { useModal } from '../../../ui/modal.tsx';
import { ReportPopup, useReportWarning } from '../../reports/ReportPopup.tsx';
import { transCodeLabels } from '../common/labels.ts';
import { PriceText } from '../common/PriceText.tsx';
import { PhotoStrip } from './PhotoStrip.tsx';

function unitPrice({ unit: u, type }: { unit: SiteDetailHo; type: TransCode }): {
  price: number;
  inquire: boolean;
  rent?: number;
} {
  if (type === 0) return { price: u.f_sale_price, inquire: u.f_inquire_price === 'Y' };
  if (type === 1) return { price: u.f_charter_price, inquire: u.f_inquire_charter === 'Y' };
  if (type === 2) return { price: u.f_investment_price, inquire: u.f_inquire_investment === 'Y' };
  return { price: u.f_monthly_rent_deposit, inquire: u.f_inquire_month === 'Y', rent: u.f_monthly_rent };
}

/** Spec §2 unit info modal: rooms, areas, prices (masked when sold out), memo and pictures. */
export function UnitInfoPopup({
  unit,
  dong,
  report,
  onClose,
}: {
  unit: SiteDetailHo;
  dong: SiteDetailDong;
  report: { siteIdx: number; siteName: string } | null;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const modal = useModal();
  const reportWarning = useReportWarning();
  const unitLabel = `${dong.f_dong || t`No dong name`} ${unit.f_ho}`;
  const openReport = async () => {
    if (!report || !(await reportWarning())) return;
    modal.open((close) => (
      <ReportPopup target={{ ...report, unit: { hoIdx: unit.f_idx, label: unitLabel } }} close={close} />
    ));
  };
  const done = unit.f_complete === 'Y';
  const types = parseList(unit.f_trans_type).map(Number) as TransCode[];
  return (
    <div data-testid="unit-info">
      <h2 className="modal__title">
        {dong.f_dong || t`No dong name`} {unit.f_ho}
      </h2>
      {done ? (
        <p className="masked">
          <Trans>This unit is sold out.</Trans>
        </p>
      ) : null}
      <dl className="facts">
        <dt>{t`Rooms`}</dt>
        <dd>{roomLabel(unit.f_room)}</dd>
        <dt>{t`Toilets`}</dt>
        <dd>{dashIfBlank(unit.f_toilet)}</dd>
        <dt>{t`Exclusive area`}</dt>
        <dd>{formatArea(unit.f_exclusive_size)}</dd>
        <dt>{t`Supply area`}</dt>
        <dd>{formatArea(unit.f_real_size)}</dd>
        {!done
          ? types.map((type) => {
              const p = unitPrice({ unit, type });
              return (
                <div key={type} className="facts__pair">
                  <dt>{i18n._(transCodeLabels[type])}</dt>
                  <dd>
                    <PriceText
                      min={p.inquire ? 0 : p.price}
                      max={p.inquire ? 0 : p.price}
                      inquire={p.inquire}
                    />
                    {p.rent && !p.inquire ? (
                      <>
                        {' / '}
                        <PriceText min={p.rent} max={p.rent} />
                      </>
                    ) : null}
                  </dd>
                </div>
              );
            })
          : null}
        {unit.f_memo ? (
          <>
            <dt>{t`Memo`}</dt>
            <dd className="pre-wrap">{unit.f_memo}</dd>
          </>
        ) : null}
      </dl>
      <PhotoStrip title={t`Unit pictures`} images={unit.f_image_urls} testId="unit-photos" />
      <div className="modal__actions">
        {/* A unit saved on this device and not synced yet (negative id) is not on the server to report. */}
        {report && unit.f_idx > 0 ? (
          <button
            type="button"
            className="button"
            data-testid="unit-report-button"
            onClick={() => void openReport()}
          >
            <Trans>Report this unit</Trans>
          </button>
        ) : null}
        <button type="button" className="button" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </div>
  );
}
