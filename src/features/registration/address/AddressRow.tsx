import { Trans, useLingui } from '@lingui/react/macro';
import type { AddressResult } from '../../../../sync/api/address.api.ts';

/**
 * One address found: the lot address and the road address (the postcode search leads with the
 * road address, as postcode look-ups do), the postcode and the building when known.
 */
export function AddressRow({
  address: a,
  roadFirst = false,
  onPick,
}: {
  address: AddressResult;
  roadFirst?: boolean;
  onPick: () => void;
}) {
  const { t } = useLingui();
  const zip = a.zip_no;
  const [main, other] =
    roadFirst && a.road_address ? [a.road_address, a.address_name] : [a.address_name, a.road_address];
  return (
    <li>
      <button type="button" className="reg-address" onClick={onPick}>
        {zip ? <span className="reg-address__zip">{t`Postcode ${zip}`}</span> : null}
        <strong>{main}</strong>
        {other || a.building_name ? (
          <span className="muted">{[other, a.building_name].filter(Boolean).join(' · ')}</span>
        ) : null}
        {a.precision === 'approximate' ? (
          <span className="muted" data-testid="area-only">
            <Trans>An area, not a lot: no lot number</Trans>
          </span>
        ) : null}
      </button>
    </li>
  );
}
