import { Trans, useLingui } from '@lingui/react/macro';
import type { FormDong } from '../../../sync/sites/registration.ts';
import { declaredUnits, remainingUnits } from '../../../sync/sites/rules.ts';
import { formatNumber } from '../../lib/format.ts';

/** Per-building summary and the units still to place: house_count − units of every building (spec §5). */
export function BuildingSummary({ dongs, houseCount }: { dongs: readonly FormDong[]; houseCount: number }) {
  const { t } = useLingui();
  const remaining = remainingUnits({ houseCount, buildings: [...dongs] });
  return (
    <section className="card reg-section" aria-label={t`Summary`}>
      <p className={remaining < 0 ? 'field__error' : undefined} data-testid="remaining-units">
        <Trans>
          Units to place: {formatNumber(remaining)} of {formatNumber(houseCount)}
        </Trans>
      </p>
      <table>
        <tbody>
          {dongs.map((d, i) => {
            const floors = new Set(d.hos.map((h) => h.f_floor)).size;
            const units = d.hos.length;
            const declared = declaredUnits(d);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: buildings have no id before they are saved; rows follow the table's order
              <tr key={i}>
                <th scope="row">{d.f_dong || t`No building name`}</th>
                <td>
                  <Trans>
                    {units} of {declared} units on {floors} floors
                  </Trans>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
