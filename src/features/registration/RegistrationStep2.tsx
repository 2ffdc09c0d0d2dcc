import { Trans, useLingui } from '@lingui/react/macro';
import { Navigate } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import { emptyUnit, type FormDong } from '../../../sync/sites/registration.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { toast } from '../../ui/toast.tsx';
import { BottomBar } from './BottomBar.tsx';
import { BuildingSummary } from './BuildingSummary.tsx';
import { BuildingTable } from './BuildingTable.tsx';
import { blankUnit, canAddUnit, fillFloors, newBuilding, withoutUnit, withUnit } from './buildings.ts';
import { CopyFloorTool } from './CopyFloorTool.tsx';
import { FloorGrid } from './FloorGrid.tsx';
import { useRegistrationGroups } from './GroupSection.tsx';
import type { RegistrationSearch } from './navigation.ts';
import { useRegistrationTitle } from './RegistrationStep1.tsx';
import { unitRuleText } from './rule-messages.ts';
import {
  type RegistrationSession,
  type UpdateFields,
  unitKeptKey,
  useRegistrationSession,
} from './session.ts';
import { useUnitEditor } from './UnitEditPopup.tsx';
import { useRegistrationActions } from './useRegistrationActions.tsx';
import './registration.css';

/**
 * Registration step 2 of a new-open site (spec §2): the building table, the unit buttons of
 * each floor, "fill floors", the copy-floor tool, the per-building summary and the units still
 * to place; cancel, temporary save and save.
 */
export function RegistrationStep2({
  sessionKey,
  search,
}: {
  sessionKey: string;
  search: RegistrationSearch;
}) {
  const { session, update } = useRegistrationSession(sessionKey);
  if (!session) return null;
  // Only a new-open site has buildings; a general one is finished on step 1.
  if (session.kind !== 'O')
    return <Navigate to="/RegSite/step1/$type" params={{ type: 'General' }} search={search} replace />;
  return <Step2Form session={session} update={update} search={search} />;
}

function Step2Form({
  session,
  update,
  search,
}: {
  session: RegistrationSession;
  update: UpdateFields;
  search: RegistrationSearch;
}) {
  const { t, i18n } = useLingui();
  const groups = useRegistrationGroups().groups;
  const title = useRegistrationTitle({ mode: session.mode, kind: session.kind });
  const actions = useRegistrationActions({ session, search, groupsCount: groups.length, step: 2 });
  const editUnit = useUnitEditor();
  const [selected, setSelected] = useState(0);
  const dongs = session.fields.dongs;
  const dong = dongs[Math.min(selected, dongs.length - 1)];
  const index = Math.min(selected, dongs.length - 1);
  // The grid's handlers stay the same function across renders, so unchanged floors are not redrawn.
  const latest = useRef({ dongs, index });
  latest.current = { dongs, index };

  const setDong = useCallback(
    (i: number, next: FormDong) =>
      update({ dongs: latest.current.dongs.map((d, j) => (j === i ? next : d)) }),
    [update],
  );

  const onUnit = useCallback(
    async (unitIndex: number) => {
      const { dongs: all, index: i } = latest.current;
      const target = all[i];
      const unit = target?.hos[unitIndex];
      if (!target || !unit) return;
      const result = await editUnit({
        unit,
        keptKey: unitKeptKey({
          session: session.key,
          dong: i,
          place: unit.f_idx ?? `${unit.f_floor}-${unit.f_ho}`,
        }),
        isNew: unit.f_idx === undefined,
        canDelete: true,
      });
      if (!result) return;
      const current = latest.current.dongs[i];
      if (!current) return;
      setDong(
        i,
        result.kind === 'delete'
          ? withoutUnit({ dong: current, index: unitIndex })
          : withUnit({ dong: current, unit: result.unit, index: unitIndex }),
      );
    },
    [editUnit, setDong, session.key],
  );

  const onAdd = useCallback(
    async (floor: number) => {
      const { dongs: all, index: i } = latest.current;
      const target = all[i];
      if (!target) return;
      const refused = canAddUnit(target);
      if (refused) {
        toast(i18n._(unitRuleText[refused]));
        return;
      }
      const result = await editUnit({
        unit: blankUnit({ dong: target, floor }),
        keptKey: unitKeptKey({ session: session.key, dong: i, place: `new-${floor}` }),
        isNew: true,
      });
      const current = latest.current.dongs[i];
      if (result?.kind !== 'save' || !current) return;
      setDong(i, withUnit({ dong: current, unit: result.unit, index: null }));
    },
    [editUnit, setDong, i18n, session.key],
  );

  const fill = async () => {
    if (!dong) return;
    const refused = canAddUnit(dong);
    if (refused) {
      toast(i18n._(unitRuleText[refused]));
      return;
    }
    const template = dong.hos.find((h) => h.f_trans_type !== '') ?? emptyUnit({ floor: 1, name: '' });
    const result = await editUnit({
      unit: { ...template, f_ho: '' },
      keptKey: unitKeptKey({ session: session.key, dong: index, place: 'template' }),
      isNew: true,
      template: true,
    });
    const current = latest.current.dongs[index];
    if (result?.kind !== 'save' || !current) return;
    const filled = fillFloors({ dong: current, template: result.unit });
    setDong(index, filled);
    toast(t`${filled.hos.length - current.hos.length} units added.`);
  };

  const addBuilding = () => {
    const name = t`Building ${101 + dongs.length}`;
    update({ dongs: [...dongs, newBuilding({ name, registered: session.mode === 'edit' })] });
    setSelected(dongs.length);
  };

  return (
    <>
      <ScreenHeader title={title} back />
      <main className="screen reg-screen">
        <BuildingSummary dongs={dongs} houseCount={session.fields.f_house_count} />
        <BuildingTable
          dongs={dongs}
          selected={index}
          onSelect={setSelected}
          onAdd={addBuilding}
          onRemove={(i) => {
            update({ dongs: dongs.filter((_, j) => j !== i) });
            setSelected(0);
          }}
          onChange={(i, patch) => {
            const d = dongs[i];
            if (d) setDong(i, { ...d, ...patch });
          }}
        />
        {dong ? (
          <>
            <section className="card reg-section" aria-label={t`Units of ${dong.f_dong}`}>
              <div className="row wrap">
                <h2 className="section-title grow">{dong.f_dong || t`No building name`}</h2>
                <button type="button" className="button button--small" onClick={() => void fill()}>
                  <Trans>Fill floors</Trans>
                </button>
              </div>
              <FloorGrid dong={dong} onUnit={onUnit} onAdd={onAdd} />
            </section>
            <CopyFloorTool key={index} dong={dong} onCopied={(next) => setDong(index, next)} />
          </>
        ) : (
          <p className="empty">
            <Trans>Add a building to place its units.</Trans>
          </p>
        )}
      </main>
      <BottomBar
        busy={actions.busy}
        onCancel={() => void actions.cancel()}
        onTemporary={session.mode === 'edit' ? null : () => void actions.temporary()}
        primary={{ label: t`Save`, run: () => void actions.save() }}
      />
    </>
  );
}
