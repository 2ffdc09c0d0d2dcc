import { Trans } from '@lingui/react/macro';

/** "Attach pictures": a button over the browser's hidden multiple-image input; hands over what was picked. */
export function AttachPicturesButton({
  onPick,
  testId,
}: {
  onPick: (files: File[]) => void;
  testId?: string;
}) {
  return (
    <label className="button button--small">
      <Trans>Attach pictures</Trans>
      <input
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        data-testid={testId}
        onChange={(e) => {
          if (e.target.files?.length) onPick([...e.target.files]);
          e.target.value = '';
        }}
      />
    </label>
  );
}
