import { Trans } from '@lingui/react/macro';

/** The registration bottom bar (spec §2): cancel, temporary save (not when modifying), next or save. */
export function BottomBar({
  busy,
  onCancel,
  onTemporary,
  primary,
}: {
  busy: boolean;
  onCancel: () => void;
  onTemporary: (() => void) | null;
  primary: { label: string; run: () => void };
}) {
  return (
    <div className="reg-bottom-bar">
      <button type="button" className="button" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </button>
      {onTemporary ? (
        <button type="button" className="button" disabled={busy} onClick={onTemporary}>
          <Trans>Temporary save</Trans>
        </button>
      ) : null}
      <button type="button" className="button button--primary" disabled={busy} onClick={primary.run}>
        {primary.label}
      </button>
    </div>
  );
}
