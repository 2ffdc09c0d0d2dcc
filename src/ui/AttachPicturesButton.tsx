import { Trans } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import { usePictureCheck } from './picture-check.ts';

/**
 * "Attach pictures": a button over the browser's hidden multiple-image input. What was picked is
 * checked at once (its bytes, and `room`: how many the form still takes); a refusal is said
 * beside the button and nothing is handed over, else the pictures go to `onPick`.
 */
export function AttachPicturesButton({
  onPick,
  room,
  testId,
  label,
  multiple = true,
  disabled = false,
}: {
  onPick: (files: File[]) => void;
  room?: number;
  testId?: string;
  /** The button's words ("Attach pictures" by default; an admin's "Upload image"). */
  label?: ReactNode;
  multiple?: boolean;
  disabled?: boolean;
}) {
  const check = usePictureCheck();
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const pick = async (files: File[]) => {
    const refused = await check({ files, ...(room === undefined ? {} : { room }) });
    setProblem(refused);
    if (!refused) onPick(files);
  };
  return (
    <>
      <label className="button button--small">
        {label ?? <Trans>Attach pictures</Trans>}
        <input
          type="file"
          accept="image/*"
          multiple={multiple}
          disabled={disabled}
          className="sr-only"
          data-testid={testId}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => {
            if (e.target.files?.length) void pick([...e.target.files]);
            e.target.value = '';
          }}
        />
      </label>
      {problem ? (
        <p id={problemId} className="field__error pick-problem" role="alert" data-testid="pick-problem">
          {problem}
        </p>
      ) : null}
    </>
  );
}
