import { useLingui } from '@lingui/react/macro';
import { Limits } from '../../../sync/constants.ts';
import type { RegistrationFields } from '../../../sync/sites/registration.ts';
import { roomLabel } from '../../../sync/sites/rules.ts';
import { type Choice, CountPicker, FlagBox } from './controls.tsx';

/** Spec §9: rooms 1, 1.5, 2, 3, 4 as chips (stored 0, 1, 2, 3, 4), then a dropdown up to 10. */
export const roomChips: ReadonlyArray<Choice<number>> = [0, 1, 2, 3, 4].map((value) => ({
  value,
  label: roomLabel(value),
}));
/** Spec §9: toilets 1-3, then a dropdown. */
export const toiletChips: ReadonlyArray<Choice<number>> = [1, 2, 3].map((value) => ({
  value,
  label: String(value),
}));
/** Spec §9: verandas and utility rooms 0-2, then a dropdown. */
export const smallChips: ReadonlyArray<Choice<number>> = [0, 1, 2].map((value) => ({
  value,
  label: String(value),
}));

type RoomFields = Pick<
  RegistrationFields,
  'f_room_num' | 'f_toilet_num' | 'f_veranda_num' | 'f_utility_room_num' | 'f_duplex' | 'f_teras'
>;

/** Rooms and toilets (required for a general site), verandas, utility rooms, duplex, terrace. */
export function RoomsSection({
  fields,
  update,
  compact = false,
  disabled = false,
}: {
  fields: RoomFields;
  update: (patch: Partial<RoomFields>) => void;
  /** Only rooms and toilets (the unregistered-site report). */
  compact?: boolean;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  return (
    <section className="card reg-section" aria-label={t`Rooms`}>
      <CountPicker
        legend={t`Rooms`}
        chips={roomChips}
        max={Limits.maxRooms}
        value={fields.f_room_num}
        onChange={(f_room_num) => update({ f_room_num })}
        disabled={disabled}
        field="f_room_num"
      />
      <CountPicker
        legend={t`Toilets`}
        chips={toiletChips}
        max={Limits.maxToilets}
        value={fields.f_toilet_num}
        onChange={(f_toilet_num) => update({ f_toilet_num })}
        disabled={disabled}
        field="f_toilet_num"
      />
      {compact ? null : (
        <>
          <CountPicker
            legend={t`Verandas`}
            chips={smallChips}
            max={Limits.maxVerandas}
            value={fields.f_veranda_num}
            onChange={(f_veranda_num) => update({ f_veranda_num })}
          />
          <CountPicker
            legend={t`Utility rooms`}
            chips={smallChips}
            max={Limits.maxUtilityRooms}
            value={fields.f_utility_room_num}
            onChange={(f_utility_room_num) => update({ f_utility_room_num })}
          />
          <div className="row wrap">
            <FlagBox
              label={t`Duplex`}
              value={fields.f_duplex}
              onChange={(f_duplex) => update({ f_duplex })}
            />
            <FlagBox label={t`Terrace`} value={fields.f_teras} onChange={(f_teras) => update({ f_teras })} />
          </div>
        </>
      )}
    </section>
  );
}
