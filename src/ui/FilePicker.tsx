import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Icon } from './Icon.tsx';
import { ImageAddIcon } from './icons.ts';
import { usePictureCheck } from './picture-check.ts';

/**
 * A picture picker that looks like the app: a button, and beside it the name of what was chosen (the
 * browser's own input, which differs on every device and speaks English, stays hidden but is
 * what a label, a screen reader and a test address by the input's id). The picked file's bytes are
 * checked at once (the server's rule): a refusal is said under the button and `onPick` never hears
 * of the file.
 */
export function FilePicker({
  id,
  chosen,
  onPick,
  problem: formProblem,
}: {
  id: string;
  /** The chosen file's name; null before one is chosen. */
  chosen: string | null;
  onPick: (file: File) => void;
  /** The form's own problem with this field (nothing chosen yet), shown in the same place. */
  problem?: string | undefined;
}) {
  const { t } = useLingui();
  const check = usePictureCheck();
  const [refused, setRefused] = useState<string | null>(null);
  const problem = refused ?? formProblem;
  const problemId = `${id}-problem`;
  const pick = async (file: File) => {
    const why = await check({ files: [file] });
    setRefused(why);
    if (!why) onPick(file);
  };
  return (
    <>
      <div className="file-picker">
        <label className="button button--small file-picker__button" htmlFor={id}>
          <Icon data={ImageAddIcon} size={18} />
          {chosen ? t`Choose another` : t`Choose a picture`}
        </label>
        <input
          id={id}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void pick(file);
            e.target.value = '';
          }}
        />
        <span className="file-picker__chosen" data-testid="file-chosen">
          {chosen ?? t`No picture chosen`}
        </span>
      </div>
      {problem ? (
        <p id={problemId} className="field__error" role="alert" data-testid="pick-problem">
          {problem}
        </p>
      ) : null}
    </>
  );
}
