import { Trans } from '@lingui/react/macro';

/**
 * Says that a form opened with what was typed before a reload (src/ui/kept-form.ts), with the way
 * to drop it and start from the saved values.
 */
export function KeptNotice({ restored, onStartOver }: { restored: boolean; onStartOver: () => void }) {
  if (!restored) return null;
  return (
    <p className="banner kept-notice" data-testid="kept-notice">
      <span className="grow">
        <Trans>What you typed earlier is back.</Trans>
      </span>
      <button type="button" className="button button--small" onClick={onStartOver}>
        <Trans>Start over</Trans>
      </button>
    </p>
  );
}
