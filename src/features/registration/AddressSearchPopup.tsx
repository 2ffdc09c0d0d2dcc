import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useModal } from '../../ui/modal.tsx';
import { AddressTextSearch } from './address/AddressTextSearch.tsx';
import type { AddressPick, AddressStart } from './address/address-pick.ts';
import { PostcodeSearch } from './address/PostcodeSearch.tsx';

export type { AddressPick } from './address/address-pick.ts';

// OpenLayers is large: the map tab loads it only when opened.
const MapPointPicker = lazy(() => import('./address/MapPointPicker.tsx'));

type Tab = 'search' | 'postcode' | 'map';

function AddressSearchBody({
  start,
  onPick,
}: {
  start: AddressStart;
  onPick: (pick: AddressPick | null) => void;
}) {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('search');
  const tabs: Array<[Tab, string]> = [
    ['search', t`Address`],
    ['postcode', t`Postcode`],
    ['map', t`On the map`],
  ];
  return (
    <div>
      <h2 className="modal__title">{t`Address search`}</h2>
      <div className="tabs" role="tablist" aria-label={t`How to find the address`}>
        {tabs.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            data-testid={`address-tab-${key}`}
            onClick={() => setTab(key)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="address-panel">
        {tab === 'search' ? <AddressTextSearch initial={start.text} onPick={onPick} /> : null}
        {tab === 'postcode' ? <PostcodeSearch onPick={onPick} /> : null}
        {tab === 'map' ? (
          <Suspense fallback={<div className="location-map address-map" />}>
            <MapPointPicker start={start.point} onPick={onPick} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The address search popup (spec §2 "postcode or map"): the quick search (findAddress), the
 * postcode search (findPostcode) or a point on the map (findAddressByPoint). Resolves once the
 * popup has closed, so the caller may navigate right away.
 */
export function useAddressSearch() {
  const modal = useModal();
  return useCallback(
    (start: AddressStart) =>
      new Promise<AddressPick | null>((resolve) => {
        let picked: AddressPick | null = null;
        modal.open(
          (close) => (
            <AddressSearchBody
              start={start}
              onPick={(pick) => {
                picked = pick;
                close();
              }}
            />
          ),
          () => resolve(picked),
        );
      }),
    [modal],
  );
}
