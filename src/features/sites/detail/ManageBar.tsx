import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import type { SiteDetailCommon } from '../../../../sync/api/site-detail.api.ts';
import { expandGeneralSiteExpireDaysCall, removeSiteCall } from '../../../../sync/api/site-visibility.api.ts';
import { Expiry } from '../../../../sync/sites/expiry.ts';
import { api } from '../../../api/client.ts';
import { useCall } from '../../../api/useCall.ts';
import { syncEngine } from '../../../sync/client.ts';
import { useConfirm } from '../../../ui/dialogs.tsx';
import { useModal } from '../../../ui/modal.tsx';
import { TransferModal } from '../transfer/TransferModal.tsx';

/**
 * The owner's (or an admin's) management of a site: hide or show it (offline operation),
 * extend a general site's days before hiding, delete it (online).
 */
export function ManageBar({
  site,
  onPatch,
}: {
  site: SiteDetailCommon;
  onPatch: (patch: Partial<SiteDetailCommon>) => void;
}) {
  const { t } = useLingui();
  const router = useRouter();
  const confirm = useConfirm();
  const { run } = useCall();
  const modal = useModal();
  const hidden = site.f_hidden === 'Y';
  // Only the owner transfers a registered site (spec §4 Transfer; admins manage but do not transfer).
  const canTransfer = site.f_can_manage === 'Y' && site.f_status === 'N' && site.f_site_type !== 'U';

  const toggleHidden = async () => {
    const next = hidden ? 'N' : 'Y';
    if (next === 'Y' && !(await confirm(t`Hide this site from other members?`))) return;
    await syncEngine.mutate('setHideSite', { site_idx: site.f_idx, hidden_status: next });
    onPatch({
      f_hidden: next,
      ...(next === 'Y' ? { f_remain_days_till_hide: Expiry.hiddenRemainDays } : {}),
    });
  };

  const extend = async () => {
    const res = await run(() => api(expandGeneralSiteExpireDaysCall, { site_idx: site.f_idx }));
    if (res) onPatch({ f_remain_days_till_hide: res.f_remain_days_till_hide });
  };

  const remove = async () => {
    if (!(await confirm(t`Delete this site?`, { danger: true, confirmLabel: t`Delete` }))) return;
    const res = await run(() => api(removeSiteCall, { site_idx: site.f_idx }));
    if (res) router.history.back();
  };

  return (
    <section className="detail-actions" aria-label={t`Manage`}>
      <button type="button" className="button" data-testid="hide-button" onClick={() => void toggleHidden()}>
        {hidden ? t`Show` : t`Hide`}
      </button>
      {site.f_site_type === 'G' && !hidden ? (
        <button type="button" className="button" data-testid="extend-button" onClick={() => void extend()}>
          {t`Extend to ${Expiry.generalSiteDays} days`}
        </button>
      ) : null}
      {canTransfer ? (
        <button
          type="button"
          className="button"
          data-testid="transfer-button"
          onClick={() =>
            modal.open((close) => (
              <TransferModal
                site={site}
                close={close}
                onTransferred={() => {
                  void syncEngine.sync();
                  // The modal and the detail of a site no longer the member's, in one step back.
                  router.history.go(-2);
                }}
              />
            ))
          }
        >
          <Trans>Transfer</Trans>
        </button>
      ) : null}
      <button type="button" className="button button--danger" onClick={() => void remove()}>
        <Trans>Delete</Trans>
      </button>
    </section>
  );
}
