import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { SiteDetailCommon } from '../../../../sync/api/site-detail.api.ts';
import { mayShareSite } from '../../../../sync/shares/shares.ts';
import type { SitePermissions } from '../../../../sync/sites/detail.ts';
import { sessionStore } from '../../../api/session.ts';
import { syncEngine } from '../../../sync/client.ts';
import { useConfirm } from '../../../ui/dialogs.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { HeartIcon } from '../../../ui/icons.ts';
import { useModal } from '../../../ui/modal.tsx';
import { toast } from '../../../ui/toast.tsx';
import { SiteInquiryButton } from '../../public-data/SiteInquiryButton.tsx';
import { ReportPopup, useReportWarning } from '../../reports/ReportPopup.tsx';
import { CompleteGridPopup } from '../sale-list/CompleteGridPopup.tsx';
import { useShareSite } from './share.tsx';

// Sharing with a customer: its popup loads when opened.
const CustomerSharePopup = lazy(() =>
  import('./customer-share/CustomerSharePopup.tsx').then((m) => ({ default: m.CustomerSharePopup })),
);

/**
 * Like, share, report, complete, sold-out units and edit (spec §2, §6). Like and complete are
 * offline operations: queued on the device and shown at once. The buttons mirror what the
 * server allows; the server checks again.
 */
export function DetailActions({
  site,
  permissions,
  isGroupMember,
  fromDevice,
  onPatch,
  onUnitsCompleted,
}: {
  site: SiteDetailCommon;
  permissions: SitePermissions;
  /** The caller is in the group the site is shared to (may share it with a customer). */
  isGroupMember: boolean;
  fromDevice: boolean;
  onPatch: (patch: Partial<SiteDetailCommon>) => void;
  onUnitsCompleted: (completed: ReadonlySet<number>) => void;
}) {
  const { t } = useLingui();
  const confirm = useConfirm();
  const modal = useModal();
  const share = useShareSite();
  const [busy, setBusy] = useState(false);
  const liked = site.f_like === 'Y';

  const toggleLike = async () => {
    const next = liked ? 'N' : 'Y';
    await syncEngine.mutate('setLikeSite', { site_idx: site.f_idx, like_status: next });
    onPatch({ f_like: next });
    toast(next === 'Y' ? t`Added to favourites.` : t`Removed from favourites.`);
  };

  const toggleComplete = async () => {
    const next = site.f_complete === 'Y' ? 'N' : 'Y';
    const ok = await confirm(next === 'Y' ? t`Mark this site as sold out?` : t`Put this site back on sale?`);
    if (!ok) return;
    setBusy(true);
    try {
      await syncEngine.mutate('setCompleteSite', { site_idx: site.f_idx, complete_status: next });
      onPatch({ f_complete: next });
    } finally {
      setBusy(false);
    }
  };

  const openUnits = () =>
    modal.open((close) => (
      <CompleteGridPopup
        siteIdx={site.f_idx}
        siteName={site.f_name}
        onClose={close}
        onApplied={onUnitsCompleted}
      />
    ));

  // Site report (spec §6: everyone, on new-open sites), after the first-use warning.
  const reportWarning = useReportWarning();
  const openReport = async () => {
    if (!(await reportWarning())) return;
    modal.open((close) => (
      <ReportPopup target={{ siteIdx: site.f_idx, siteName: site.f_name }} close={close} />
    ));
  };

  // The owner or the site's group, on a registered site that is shown (the server checks again).
  const customerShare = mayShareSite({ site, userIdx: sessionStore.get()?.uid ?? 0, isGroupMember });
  const openCustomerShare = () =>
    modal.open((close) => (
      <Suspense fallback={null}>
        <CustomerSharePopup siteIdx={site.f_idx} siteName={site.f_name} close={close} />
      </Suspense>
    ));

  const kind = site.f_site_type === 'O' ? 'New' : 'General';
  return (
    <section className="detail-actions" aria-label={t`Actions`}>
      <button
        type="button"
        className={`button like-button${liked ? ' is-liked' : ''}`}
        aria-pressed={liked}
        data-testid="like-button"
        onClick={() => void toggleLike()}
      >
        <Icon data={HeartIcon} size={18} fill={liked ? 'currentColor' : 'none'} />{' '}
        {liked ? t`Favourite` : t`Add to favourites`}
      </button>
      <button
        type="button"
        className="button"
        data-testid="share-button"
        onClick={() => void share({ siteIdx: site.f_idx, title: site.f_name })}
      >
        <Trans>Share</Trans>
      </button>
      {customerShare ? (
        <button
          type="button"
          className="button"
          data-testid="customer-share-button"
          onClick={openCustomerShare}
        >
          <Trans>Share with a customer</Trans>
        </button>
      ) : null}
      {/* Public-data look-ups (spec §2 search button → site inquiry popup). */}
      <SiteInquiryButton site={site} />
      {permissions.report ? (
        <button
          type="button"
          className="button"
          data-testid="report-button"
          onClick={() => void openReport()}
        >
          <Trans>Report</Trans>
        </button>
      ) : null}
      {permissions.complete ? (
        <button
          type="button"
          className="button"
          data-testid="complete-button"
          disabled={busy}
          onClick={() => void toggleComplete()}
        >
          {site.f_complete === 'Y' ? t`Back on sale` : t`Sold out`}
        </button>
      ) : null}
      {permissions.complete && !fromDevice ? (
        <button type="button" className="button" data-testid="units-complete-button" onClick={openUnits}>
          <Trans>Sold-out units</Trans>
        </button>
      ) : null}
      {permissions.modify && site.f_site_type !== 'U' ? (
        <Link
          className="button"
          to="/RegSite/step1/$type"
          params={{ type: kind }}
          search={{ site_idx: site.f_idx } as never}
        >
          <Trans>Edit</Trans>
        </Link>
      ) : null}
    </section>
  );
}
