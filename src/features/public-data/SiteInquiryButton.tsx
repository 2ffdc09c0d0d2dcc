import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { pnuOf } from '../../../sync/api/address.api.ts';
import type { SiteDetailCommon } from '../../../sync/api/site-detail.api.ts';
import { useModal } from '../../ui/modal.tsx';
import { toast } from '../../ui/toast.tsx';

// The popup and its tabs load on first use, not with the site detail.
const SiteInquiryPopup = lazy(() => import('./SiteInquiryPopup.tsx'));

/**
 * The site detail's search button (spec §2): opens the site inquiry popup for the site's
 * parcel. A site without an exact lot address (legal-dong code and main number, spec §5)
 * cannot be looked up: the member is asked for one and nothing opens.
 */
export function SiteInquiryButton({
  site,
}: {
  site: Pick<SiteDetailCommon, 'f_name' | 'f_bjd_code' | 'f_land_type' | 'f_main_no' | 'f_sub_no'>;
}) {
  const { t } = useLingui();
  const modal = useModal();
  const open = () => {
    const pnu = pnuOf({
      b_code: site.f_bjd_code ?? '',
      land_type: site.f_land_type ?? 1,
      main_address_no: site.f_main_no ?? 0,
      sub_address_no: site.f_sub_no ?? 0,
    });
    if (!pnu) {
      toast(
        t`Public data needs an exact lot address. Enter the site's lot number with its main and sub numbers.`,
      );
      return;
    }
    modal.open((close) => (
      <Suspense fallback={null}>
        <SiteInquiryPopup pnu={pnu} siteName={site.f_name} close={close} />
      </Suspense>
    ));
  };
  return (
    <button type="button" className="button" data-testid="inquiry-button" onClick={open}>
      <Trans>Public data</Trans>
    </button>
  );
}
