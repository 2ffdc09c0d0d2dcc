import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import type { InterestSites } from '../../../../sync/api/home.api.ts';
import type { SiteListItem } from '../../../../sync/api/site-lists.api.ts';
import { useModal } from '../../../ui/modal.tsx';
import { AreaInterestPopup } from '../areas/AreaInterestPopup.tsx';
import { MonthlySaleView, type MonthlyTab } from './MonthlySaleView.tsx';
import { monthLabel } from './month.ts';
import { NewSiteCards } from './NewSiteCards.tsx';
import '../home.css';

/**
 * The home's card of this month's new sites (counts from getHomeData) and the regional interest:
 * a count opens the monthly popup on its tab; 'Choose regions' opens the province and district picker.
 * Both need the network; offline the card shows the counts it last had.
 */
export function HomeMonthly({
  interest,
  sites,
  offline,
  onRegionsChanged,
}: {
  interest: InterestSites;
  /** The month's newest sites, shown as cards. */
  sites: readonly SiteListItem[];
  offline: boolean;
  onRegionsChanged: () => void;
}) {
  const { t, i18n } = useLingui();
  const modal = useModal();
  const router = useRouter();
  const locale = i18n.locale === 'en' ? 'en' : 'ko';
  const label = monthLabel({ month: interest.month, locale });

  const openMonthly = (tab: MonthlyTab) => {
    // Where to go once the popup's history entry is gone: a site, or the full screen.
    let then: string | null = null;
    modal.open(
      (close) => (
        <div>
          <h2 className="modal__title">{t`New sites of the month`}</h2>
          <MonthlySaleView
            initialTab={tab}
            initialMonth={interest.month}
            onRegionsChanged={onRegionsChanged}
            onOpenSite={(idx) => {
              then = `/SiteDetail?site_idx=${idx}`;
              close();
            }}
          />
          <div className="modal__actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                then = '/MonthlySale';
                close();
              }}
            >
              {t`Open full screen`}
            </button>
            <button type="button" className="button" onClick={close}>
              {t`Close`}
            </button>
          </div>
        </div>
      ),
      () => {
        if (then !== null) router.history.push(then);
      },
    );
  };

  return (
    <section className="home-section home-monthly" aria-label={t`New sites this month`}>
      <div className="home-section__head">
        <h2 className="home-section__title">
          <Trans>New sites in {label}</Trans>
        </h2>
        <button
          type="button"
          className="link-button"
          disabled={offline}
          onClick={() => modal.open((close) => <AreaInterestPopup close={close} />, onRegionsChanged)}
        >
          <Trans>Choose regions</Trans>
        </button>
      </div>
      <p className="muted home-monthly__scope">
        {interest.by_area
          ? t`Counted in your regions.`
          : t`Counted in every region. Choose yours to narrow it.`}
      </p>
      <div className="home-monthly__counts">
        <button type="button" className="count-chip" onClick={() => openMonthly('O')} disabled={offline}>
          {t`New open`} <strong>{interest.new_open_count}</strong>
        </button>
        <button type="button" className="count-chip" onClick={() => openMonthly('G')} disabled={offline}>
          {t`General`} <strong>{interest.general_count}</strong>
        </button>
      </div>
      <NewSiteCards sites={sites} />
      {offline ? (
        <p className="muted">
          <Trans>Offline: these counts are from the last time the home was loaded.</Trans>
        </p>
      ) : null}
    </section>
  );
}

// /MonthlySale comes with the home's monthly card (one chunk, the same view).
export { MonthlySaleScreen } from './MonthlySaleScreen.tsx';
