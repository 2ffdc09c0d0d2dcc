import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { interestSiteListCall } from '../../../../sync/api/monthly.api.ts';
import { api } from '../../../api/client.ts';
import { InfiniteList } from '../../../ui/InfiniteList.tsx';
import { useModal } from '../../../ui/modal.tsx';
import { useInfiniteList } from '../../../ui/useInfiniteList.ts';
import { useOnline } from '../../../ui/useOnline.ts';
import { SiteListRow } from '../../sites/common/SiteListRow.tsx';
import { AreaInterestPopup } from '../areas/AreaInterestPopup.tsx';
import { addMonths, monthLabel, seoulMonthNow } from './month.ts';
import '../home.css';

export type MonthlyTab = 'O' | 'G';

/**
 * The monthly new sites (spec §2 Home popup and /MonthlySale): tabs new open and general, the month
 * with previous and next, and the sites registered that month in the member's regions (every region
 * while none is chosen), 50 at a time as the list scrolls. Online only.
 */
export function MonthlySaleView({
  initialTab = 'O',
  initialMonth,
  onOpenSite,
  onRegionsChanged,
}: {
  initialTab?: MonthlyTab;
  initialMonth?: string;
  onOpenSite: (idx: number) => void;
  onRegionsChanged?: () => void;
}) {
  const { t, i18n } = useLingui();
  const modal = useModal();
  const online = useOnline();
  const [regions, setRegions] = useState(0);
  const chooseRegions = () =>
    modal.open(
      (close) => <AreaInterestPopup close={close} />,
      () => {
        setRegions((r) => r + 1);
        onRegionsChanged?.();
      },
    );
  const thisMonth = seoulMonthNow();
  const [tab, setTab] = useState<MonthlyTab>(initialTab);
  const [month, setMonth] = useState(initialMonth ?? thisMonth);
  const [byArea, setByArea] = useState<boolean | null>(null);
  const locale = i18n.locale === 'en' ? 'en' : 'ko';

  return (
    <div className="monthly">
      <div className="tabs" role="tablist" aria-label={t`Site kind`}>
        {(['O', 'G'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            role="tab"
            aria-selected={tab === kind}
            onClick={() => setTab(kind)}
          >
            {kind === 'O' ? t`New open` : t`General`}
          </button>
        ))}
      </div>
      <div className="month-pager">
        <button
          type="button"
          className="button button--small"
          onClick={() => setMonth((m) => addMonths({ month: m, by: -1 }))}
          aria-label={t`Previous month`}
        >
          ‹
        </button>
        <strong aria-live="polite">{monthLabel({ month, locale })}</strong>
        <button
          type="button"
          className="button button--small"
          onClick={() => setMonth((m) => addMonths({ month: m, by: 1 }))}
          disabled={month >= thisMonth}
          aria-label={t`Next month`}
        >
          ›
        </button>
      </div>
      <p className="row muted">
        <span className="grow">
          {byArea === null ? '' : byArea ? t`New sites in your regions` : t`New sites in every region`}
        </span>
        <button type="button" className="button button--small" onClick={chooseRegions} disabled={!online}>
          <Trans>Choose regions</Trans>
        </button>
      </p>
      {online ? (
        <MonthList
          key={`${tab}:${month}:${regions}`}
          type={tab}
          month={month}
          onOpenSite={onOpenSite}
          onByArea={setByArea}
        />
      ) : (
        <p className="banner banner--info" role="status">
          <Trans>The monthly new sites need a network connection. They show again once you are online.</Trans>
        </p>
      )}
    </div>
  );
}

function MonthList({
  type,
  month,
  onOpenSite,
  onByArea,
}: {
  type: MonthlyTab;
  month: string;
  onOpenSite: (idx: number) => void;
  onByArea: (byArea: boolean) => void;
}) {
  const { t } = useLingui();
  const loadPage = useCallback(
    async (page: number) => {
      const answer = await api(interestSiteListCall, { type, date: month, page_num: page });
      onByArea(answer.by_area);
      return answer;
    },
    [type, month, onByArea],
  );
  const list = useInfiniteList({ loadPage });
  return (
    <InfiniteList
      list={list}
      label={t`New sites`}
      rowKey={(site) => site.f_idx}
      row={(site) => <SiteListRow site={site} onOpen={onOpenSite} />}
    />
  );
}
