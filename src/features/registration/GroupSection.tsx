import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { getRegistrationGroupsCall, type RegistrationGroup } from '../../../sync/api/registration.api.ts';
import { api } from '../../api/client.ts';
import { sessionStore } from '../../api/session.ts';

const cacheKey = () => `bt.reg.groups.${(sessionStore.get() ?? sessionStore.stored())?.uid ?? 0}`;

function cached(): RegistrationGroup[] | null {
  try {
    const text = localStorage.getItem(cacheKey());
    return text ? (JSON.parse(text) as RegistrationGroup[]) : null;
  } catch {
    return null;
  }
}

/**
 * The member's groups a site may be shared to: asked from the server when online and kept
 * on the device, so the choice works offline with the list last seen.
 */
export function useRegistrationGroups(): RegistrationGroup[] {
  const [groups, setGroups] = useState<RegistrationGroup[]>(() => cached() ?? []);
  useEffect(() => {
    let live = true;
    api(getRegistrationGroupsCall, {})
      .then(({ list }) => {
        if (!live) return;
        setGroups(list);
        try {
          localStorage.setItem(cacheKey(), JSON.stringify(list));
        } catch {
          // Not kept: the next online visit asks again.
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return groups;
}

/** Spec §5 Group select: with groups, one must be chosen; without, the site has none. */
export function GroupSection({
  groups,
  value,
  onChange,
  disabled = false,
}: {
  groups: readonly RegistrationGroup[];
  value: number | null;
  onChange: (groupIdx: number | null) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const name = useId();
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
        <fieldset className="reg-chips" disabled={disabled}>
          <legend className="sr-only">{t`Group to share with`}</legend>
          {groups.map((g) => (
            <label key={g.f_idx} className="reg-chip">
              <input
                type="radio"
                name={name}
                checked={value === g.f_idx}
                onChange={() => onChange(g.f_idx)}
              />
              {g.f_name}
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
