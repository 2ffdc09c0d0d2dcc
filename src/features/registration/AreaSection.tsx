import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Limits } from '../../../sync/constants.ts';
import { SiteNumberLimits } from '../../../sync/site-fields.ts';
import type { RegistrationFields } from '../../../sync/sites/registration.ts';
import { checkAreaEntry, pyeongToSqm, roomLabel, sqmToPyeong } from '../../../sync/sites/rules.ts';
import { formatNumber } from '../../lib/format.ts';
import { ChoiceChips, CountPicker, keyed, NumberField } from './controls.tsx';
import { roomChips } from './RoomsSection.tsx';
import { areaRuleText } from './rule-messages.ts';
import { areaEntryOf, type TypedArea } from './validate.ts';

/** One area entry as typed: ㎡ and 평 follow each other (spec §5, 1평 = 3.305785㎡). */
export function AreaPair({
  sqm,
  pyeong,
  onChange,
  sqmLabel,
  pyeongLabel,
  disabled = false,
}: {
  sqm: number | null;
  pyeong: number | null;
  onChange: (value: { sqm: number | null; pyeong: number | null }) => void;
  sqmLabel: string;
  pyeongLabel: string;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  return (
    <div className="field-pair field-pair--even">
      <NumberField
        label={sqmLabel}
        value={sqm}
        decimals
        max={SiteNumberLimits.area}
        unit="㎡"
        disabled={disabled}
        onChange={(n) => onChange({ sqm: n, pyeong: n === null ? null : sqmToPyeong(n) })}
      />
      <NumberField
        label={pyeongLabel}
        value={pyeong}
        decimals
        max={SiteNumberLimits.area}
        unit={t`pyeong`}
        disabled={disabled}
        onChange={(n) => onChange({ sqm: n === null ? null : pyeongToSqm(n), pyeong: n })}
      />
    </div>
  );
}

/**
 * Area types of the site (spec §2 areas, §3 room_list): entries of rooms with an exclusive (E)
 * or supply (R) area in square metres and pyeong. Adding one needs the rooms and both areas (spec §5).
 */
export function AreaSection({
  fields,
  update,
  typed,
  onTyped,
}: {
  fields: Pick<RegistrationFields, 'rooms' | 'f_area_type'>;
  update: (patch: Partial<RegistrationFields>) => void;
  /** The entry being typed, kept with the registration so a save can count it. */
  typed: TypedArea;
  onTyped: (typed: TypedArea) => void;
}) {
  const { t, i18n } = useLingui();
  const { room, kind } = typed;
  const failure = checkAreaEntry({ f_room: room, size: typed.sqm, pyong: typed.pyeong });
  // "Add area" refused: why, beside the button, until the entry is typed again.
  const [refused, setRefused] = useState<string | null>(null);
  const type = (next: TypedArea) => {
    setRefused(null);
    onTyped(next);
  };

  const add = () => {
    const entry = areaEntryOf(typed);
    if (!entry) {
      setRefused(i18n._(areaRuleText[failure?.rule ?? 'areaSizeRequired']));
      return;
    }
    update({ rooms: [...fields.rooms, entry] });
    type({ ...typed, sqm: null, pyeong: null });
  };

  const kinds = [
    { value: 'E' as const, label: t`Exclusive area` },
    { value: 'R' as const, label: t`Supply area` },
  ];
  return (
    <section className="card reg-section" aria-label={t`Areas`}>
      <ChoiceChips
        legend={t`Area shown first`}
        options={kinds}
        selected={[fields.f_area_type]}
        multiple={false}
        onChange={([f_area_type]) => update({ f_area_type: f_area_type ?? 'E' })}
      />
      <table aria-label={t`Areas added`}>
        <tbody>
          {keyed(fields.rooms, (r) => JSON.stringify(r)).map(({ item: r, key }, i) => {
            const sqm = r.f_area === 'E' ? r.f_exclusive_size : r.f_real_size;
            const pyeong = r.f_area === 'E' ? r.f_exclusive_pyong : r.f_real_pyong;
            return (
              <tr key={key}>
                <td>{t`${roomLabel(r.f_room)} rooms`}</td>
                <td>{r.f_area === 'E' ? t`Exclusive area` : t`Supply area`}</td>
                <td className="num">
                  {formatNumber(sqm)}㎡ ({formatNumber(pyeong)}
                  {t`pyeong`})
                </td>
                <td>
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => update({ rooms: fields.rooms.filter((_, j) => j !== i) })}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <CountPicker
        legend={t`Rooms of this area`}
        chips={roomChips}
        max={Limits.maxRooms}
        value={room}
        onChange={(next) => type({ ...typed, room: next })}
        field="rooms"
      />
      <ChoiceChips
        legend={t`Area type`}
        options={kinds}
        selected={[kind]}
        multiple={false}
        onChange={([k]) => type({ ...typed, kind: k ?? 'E' })}
      />
      <AreaPair
        sqm={typed.sqm}
        pyeong={typed.pyeong}
        onChange={({ sqm, pyeong }) => type({ ...typed, sqm, pyeong })}
        sqmLabel={t`Area (㎡)`}
        pyeongLabel={t`Area (pyeong)`}
      />
      {refused ? (
        <p className="field__error" data-testid="area-refused">
          {refused}
        </p>
      ) : typed.sqm || typed.pyeong ? (
        <p className="field__hint reg-area-typed" data-testid="area-typed" role="status">
          {failure ? (
            i18n._(areaRuleText[failure.rule])
          ) : (
            <Trans>Not added yet: it is added when you save, or tap "Add area".</Trans>
          )}
        </p>
      ) : null}
      <button type="button" className="button button--small" onClick={add}>
        <Trans>Add area</Trans>
      </button>
    </section>
  );
}
