import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { LocalConflict } from '../../db/db.ts';
import { syncEngine } from '../../sync/client.ts';
import { toast } from '../../ui/toast.tsx';
import { formatFieldValue } from './format.ts';
import { fieldLabels } from './labels.ts';

type Side = 'mine' | 'theirs';

/**
 * A draft saved on this device met a newer server copy. Both are kept; the member compares
 * them field by field and keeps mine, theirs, or a mix (design.md guarantee 5).
 */
export function ConflictCard({
  conflict,
  draftName,
  registered = false,
}: {
  conflict: LocalConflict;
  draftName: string;
  /** The conflict came from saving a registered site (a final save or an edit), not a draft. */
  registered?: boolean;
}) {
  const { t, i18n } = useLingui();
  const [choice, setChoice] = useState<Record<string, Side>>(() =>
    Object.fromEntries(conflict.fields.map((f) => [f, 'mine' as Side])),
  );
  const [busy, setBusy] = useState(false);

  async function settle(choose: Record<string, Side>) {
    setBusy(true);
    try {
      await syncEngine.mutate('resolveConflict', {
        conflict_idx: conflict.f_idx,
        draft_id: conflict.draft_id,
        choose,
      });
      toast(t`Your choice is saved and will be synced.`);
    } finally {
      setBusy(false);
    }
  }
  const all = (side: Side) => Object.fromEntries(conflict.fields.map((f) => [f, side]));

  return (
    <article className="conflict" aria-label={t`Conflict in ${draftName}`}>
      <h3>
        {registered ? (
          <Trans>Site “{draftName}” was changed elsewhere</Trans>
        ) : (
          <Trans>Temporary save “{draftName}” was changed elsewhere</Trans>
        )}
      </h3>
      <p className="muted">
        <Trans>
          Both versions are kept. Choose for each field which one to keep; fields changed on only one side are
          already merged.
        </Trans>
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Field</Trans>
            </th>
            <th scope="col">
              <Trans>This device</Trans>
            </th>
            <th scope="col">
              <Trans>Server</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {conflict.fields.map((field) => {
            const label = fieldLabels[field] ? i18n._(fieldLabels[field]) : field;
            return (
              <tr key={field}>
                <th scope="row">{label}</th>
                {(['mine', 'theirs'] as const).map((side) => (
                  <td key={side}>
                    <label>
                      <input
                        type="radio"
                        name={`conflict-${conflict.f_idx}-${field}`}
                        checked={choice[field] === side}
                        onChange={() => setChoice((c) => ({ ...c, [field]: side }))}
                        aria-label={
                          side === 'mine' ? t`Keep this device's ${label}` : t`Keep the server's ${label}`
                        }
                      />
                      <span>{formatFieldValue({ field, value: conflict[side][field] })}</span>
                    </label>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="conflict__actions">
        <button type="button" className="button" disabled={busy} onClick={() => void settle(all('mine'))}>
          <Trans>Keep all mine</Trans>
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void settle(all('theirs'))}>
          <Trans>Keep all from the server</Trans>
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void settle(choice)}
        >
          <Trans>Keep my selection</Trans>
        </button>
      </div>
    </article>
  );
}
