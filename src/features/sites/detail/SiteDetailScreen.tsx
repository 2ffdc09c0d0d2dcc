import { Trans, useLingui } from '@lingui/react/macro';
import { ScreenHeader } from '../../../ui/ScreenHeader.tsx';
import { SiteDetailView } from './SiteDetailView.tsx';
import { useSiteDetail } from './useSiteDetail.ts';
import '../sites.css';

/**
 * Spec §2 Site detail popup (/SiteDetail?site_idx=N, and /ShareSite/N for a shared link).
 * From the admin area it is opened with `admin`, which skips recent-view logging.
 */
export function SiteDetailScreen({ siteIdx, skipLog = false }: { siteIdx: number; skipLog?: boolean }) {
  const { t } = useLingui();
  const state = useSiteDetail({ siteIdx, skipLog });
  const title = state.status === 'ready' ? state.detail.common.f_name : t`Site detail`;
  return (
    <>
      <ScreenHeader title={title} back />
      <main className="screen site-detail" data-testid="site-detail">
        {state.status === 'loading' ? (
          <p className="muted">
            <Trans>Loading…</Trans>
          </p>
        ) : null}
        {state.status === 'unavailable' ? (
          <div className="notice" role="alert" data-testid="site-unavailable">
            <p>{state.message}</p>
          </div>
        ) : null}
        {state.status === 'not-on-device' ? (
          <div className="notice" role="alert">
            <p>
              <Trans>
                No network, and this site is not saved on this device. Your own, group, favourite and recently
                viewed sites are kept for offline use.
              </Trans>
            </p>
          </div>
        ) : null}
        {state.status === 'error' ? (
          <div className="notice" role="alert">
            <p>{state.message}</p>
          </div>
        ) : null}
        {state.status === 'ready' ? (
          <SiteDetailView
            // A new reading (the server's after the member's changes came back) starts the view afresh.
            key={`${siteIdx}:${state.waiting}`}
            detail={state.detail}
            fromDevice={state.fromDevice}
            waiting={state.waiting}
          />
        ) : null}
      </main>
    </>
  );
}
