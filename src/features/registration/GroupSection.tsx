import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { FieldProblem } from '../../ui/field-problems.tsx';
import { GroupPicker, type PickerGroup } from '../groups/GroupPicker.tsx';
import { type KnownGroups, preferredGroup, refreshMyGroups, useKnownGroups } from '../groups/my-groups.ts';

/**
 * The member's groups a site may be shared to: asked from the server when online and kept
 * on the device, so the choice works offline with the list last seen.
 */
export function useRegistrationGroups(): KnownGroups {
  useEffect(() => {
    void refreshMyGroups();
  }, []);
  return useKnownGroups();
}

/**
 * A registration's group starts on the member's most recent group: with groups, one must be
 * chosen (spec §5), so there is no "none" to keep. A group the member has since left is
 * replaced the same way. Editing a registered site never changes its group here (sharing and
 * releasing are the owner's calls in My sale list).
 */
export function useDefaultGroup({
  known,
  value,
  editing,
  onChange,
}: {
  known: KnownGroups;
  value: number | null;
  editing: boolean;
  onChange: (groupIdx: number) => void;
}): void {
  useEffect(() => {
    if (editing || known.groups.length === 0) return;
    if (value !== null && known.groups.some((g) => g.f_idx === value)) return;
    const preferred = preferredGroup(known);
    if (preferred !== null) onChange(preferred);
  }, [known, value, editing, onChange]);
}

/** Spec §5 Group select: with groups, one must be chosen; without, the site has none. */
export function GroupSection({
  groups,
  value,
  onChange,
  disabled = false,
}: {
  groups: readonly PickerGroup[];
  value: number | null;
  onChange: (groupIdx: number | null) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  return (
    <section className="card reg-section" aria-label={t`Group`}>
      <h2 className="section-title">
        <Trans>Group to share with</Trans>
      </h2>
      {groups.length === 0 ? (
        <p className="muted">
          <Trans>You are in no group: the site is registered without one.</Trans>
        </p>
      ) : (
        <GroupPicker
          groups={groups}
          value={value}
          onChange={(idx) => onChange(idx)}
          label={t`Group to share with`}
          disabled={disabled}
        />
      )}
      <FieldProblem field="f_group_idx" />
    </section>
  );
}
