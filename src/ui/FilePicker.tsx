import { useLingui } from '@lingui/react/macro';
import { Icon } from './Icon.tsx';
import { ImageAddIcon } from './icons.ts';

/**
 * A file picker that looks like the app: a button, and beside it the name of what was chosen (the
 * browser's own input, which differs on every device and speaks English, stays hidden but is
 * what a label, a screen reader and a test address by the input's id).
 */
export function FilePicker({
  id,
  accept = 'image/*',
  chosen,
  onPick,
}: {
  id: string;
  accept?: string;
  /** The chosen file's name; null before one is chosen. */
  chosen: string | null;
  onPick: (file: File | undefined) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="file-picker">
      <label className="button button--small file-picker__button" htmlFor={id}>
        <Icon data={ImageAddIcon} size={18} />
        {chosen ? t`Choose another` : t`Choose a picture`}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        onChange={(e) => {
          onPick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <span className="file-picker__chosen" data-testid="file-chosen">
        {chosen ?? t`No picture chosen`}
      </span>
    </div>
  );
}
