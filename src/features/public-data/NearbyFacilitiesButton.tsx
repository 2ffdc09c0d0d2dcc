import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useModal } from '../../ui/modal.tsx';

// The popup, its map and its icons load on first use, not with the site detail.
const FacilitiesPopup = lazy(() => import('./FacilitiesPopup.tsx'));

/** The site detail's way into the facilities map (spec §2 Modals), under the location map. */
export function NearbyFacilitiesButton({ site }: { site: { lat: number; lng: number; name: string } }) {
  const modal = useModal();
  const open = () =>
    modal.open((close) => (
      <Suspense fallback={null}>
        <FacilitiesPopup site={site} close={close} />
      </Suspense>
    ));
  return (
    <button
      type="button"
      className="button button--small facilities-entry"
      data-testid="facilities-button"
      onClick={open}
    >
      <Trans>Nearby facilities</Trans>
    </button>
  );
}
