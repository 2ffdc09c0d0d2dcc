import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useState } from 'react';
import type { LocalConflict } from '../../db/db.ts';
import { syncEngine } from '../../sync/client.ts';
import { toast } from '../../ui/toast.tsx';
import { formatFieldValue } from './format.ts';
import { fieldLabels } from './labels.ts';

type Side = 'mine' | 'theirs';

/** What a conflict card compares: the fields changed on both sides, with each side's values. */
export interface ConflictSides {
  f_idx: number;
  fields: string[];
  mine: Record<string, unknown>;
  theirs: Record<string, unknown>;
}

/**
 * Something changed on this device met a newer server copy. Both are kept; the member compares
 * them field by field and keeps mine, theirs, or a mix (design.md guarantee 5). `settle` sends the
 * choice (an offline operation: it waits in the outbox without a network).
 */
export function ConflictCard({
  conflict,
  name,
  title,
  labelOf,
  formatValue,
  settle,
}: {
  conflict: ConflictSides;
  /** What the card is about, in its accessible name. */
  name: string;
  title: ReactNode;
  labelOf: (field: string) => string;
  formatValue: (field: string, value: unknown) => string;
  settle: (choose: Record<string, Side>) => Promise<unknown>;
}) {
  const { t } = useLingui();
  const [choice, setChoice] = useState<Record<string, Side>>(() =>
    Object.fromEntries(conflict.fields.map((f) => [f, 'mine' as Side])),
  );
  const [busy, setBusy] = useState(false);

  async function choose(sides: Record<string, Side>) {
    setBusy(true);
    try {
      await settle(sides);
      toast(t`Your choice is saved and will be synced.`);
    } finally {
      setBusy(false);
    }
  }
  const all = (side: Side) => Object.fromEntries(conflict.fields.map((f) => [f, side]));

  return (
    <article className="conflict" aria-label={t`Conflict in ${name}`}>
      <h3>{title}</h3>
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
            const label = labelOf(field);
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
                      <span>{formatValue(field, conflict[side][field])}</span>
                    </label>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="conflict__actions">
        <button type="button" className="button" disabled={busy} onClick={() => void choose(all('mine'))}>
          <Trans>Keep all mine</Trans>
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void choose(all('theirs'))}>
          <Trans>Keep all from the server</Trans>
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void choose(choice)}
        >
          <Trans>Keep my selection</Trans>
        </button>
      </div>
    </article>
  );
}

/** A draft or a registered site saved on this device met a newer server copy. */
export function SiteConflictCard({
  conflict,
  draftName,
  registered = false,
}: {
  conflict: LocalConflict;
  draftName: string;
  /** The conflict came from saving a registered site (a final save or an edit), not a draft. */
  registered?: boolean;
}) {
  const { i18n } = useLingui();
  return (
    <ConflictCard
      conflict={conflict}
      name={draftName}
      title={
        registered ? (
          <Trans>Site “{draftName}” was changed elsewhere</Trans>
        ) : (
          <Trans>Temporary save “{draftName}” was changed elsewhere</Trans>
        )
      }
      labelOf={(field) => (fieldLabels[field] ? i18n._(fieldLabels[field]) : field)}
      formatValue={(field, value) => formatFieldValue({ field, value })}
      settle={(choose) =>
        syncEngine.mutate('resolveConflict', {
          conflict_idx: conflict.f_idx,
          draft_id: conflict.draft_id,
          choose,
        })
      }
    />
  );
}
