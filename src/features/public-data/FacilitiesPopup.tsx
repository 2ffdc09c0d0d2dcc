import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { getNearbyFacilitiesCall } from '../../../sync/api/facilities.api.ts';
import { FACILITY_CATEGORIES, type FacilityCategory } from '../../../sync/public-data/facilities.ts';
import { Icon, type IconData } from '../../ui/Icon.tsx';
import { BankIcon, HospitalIcon, MartIcon, SchoolIcon, StoreIcon, SubwayIcon } from '../../ui/icons.ts';
import FacilitiesMap from './FacilitiesMap.tsx';
import { facilityKinds, formatDistance } from './facility-kinds.ts';
import { LookupPending, LookupSourceNote } from './LookupStatus.tsx';
import { useLookup } from './useLookup.ts';
import './public-data.css';

const icons: Record<FacilityCategory, IconData> = {
  SW8: SubwayIcon,
  SC4: SchoolIcon,
  MT1: MartIcon,
  HP8: HospitalIcon,
  BK9: BankIcon,
  CS2: StoreIcon,
};

type Filter = FacilityCategory | 'all';

/**
 * The facilities map (spec §2 Modals): subway stations, schools, marts, hospitals, banks and
 * convenience stores within 1 km of the site, as pins and as a list nearest first. A category
 * chip narrows both; a row chooses its pin. Kept on the device like every look-up, so a map
 * opened once shows offline with its fetch date.
 */
export default function FacilitiesPopup({
  site,
  close,
}: {
  site: { lat: number; lng: number; name: string };
  close: () => void;
}) {
  const { t, i18n } = useLingui();
  const state = useLookup(getNearbyFacilitiesCall, { lat: site.lat, lng: site.lng });
  const [filter, setFilter] = useState<Filter>('all');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const all = state.shown?.answer.list ?? [];
  const shown = filter === 'all' ? all : all.filter((f) => f.category === filter);
  const countOf = (c: Filter) => (c === 'all' ? all.length : all.filter((f) => f.category === c).length);
  const choose = (next: Filter) => {
    setFilter(next);
    setSelectedId(null);
  };

  return (
    <div className="facilities" data-testid="facilities-popup">
      <h2 className="modal__title">
        <Trans>Nearby facilities</Trans>
      </h2>
      <p className="muted facilities__site">
        <Trans>Within 1 km of {site.name}</Trans>
      </p>
      <fieldset className="chips">
        <legend className="sr-only">{t`Facility type`}</legend>
        {(['all', ...FACILITY_CATEGORIES] as const).map((c) => (
          <button
            key={c}
            type="button"
            className="chip"
            aria-pressed={filter === c}
            onClick={() => choose(c)}
            data-testid={`facility-chip-${c}`}
          >
            {c === 'all' ? t`All` : i18n._(facilityKinds[c].label)} {state.shown ? countOf(c) : ''}
          </button>
        ))}
      </fieldset>
      <FacilitiesMap site={site} facilities={shown} selectedId={selectedId} onSelect={setSelectedId} />
      <LookupPending state={state} />
      {state.shown ? (
        <>
          <LookupSourceNote answer={state.shown.answer} fromDevice={state.shown.fromDevice} />
          {shown.length === 0 ? (
            <p className="muted">
              <Trans>No such facility within 1 km.</Trans>
            </p>
          ) : (
            <ul className="facility-list" data-testid="facility-list">
              {shown.map((f) => {
                const drawing = icons[f.category];
                const kind = facilityKinds[f.category];
                return (
                  <li key={`${f.category}:${f.id}`}>
                    <button
                      type="button"
                      className="facility-row"
                      aria-pressed={f.id === selectedId}
                      onClick={() => setSelectedId(f.id)}
                    >
                      <span
                        className="facility-row__icon"
                        style={{ background: kind.colour }}
                        aria-hidden="true"
                      >
                        <Icon data={drawing} size={16} />
                      </span>
                      <span className="facility-row__text">
                        <strong>{f.name}</strong>
                        <span className="muted">
                          {i18n._(kind.label)}
                          {f.address ? ` · ${f.address}` : ''}
                        </span>
                      </span>
                      <span className="facility-row__distance">{formatDistance(f.distance)}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      ) : null}
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Close`}
        </button>
      </div>
    </div>
  );
}
