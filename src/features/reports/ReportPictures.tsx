import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import { AttachPicturesButton } from '../../ui/AttachPicturesButton.tsx';

/** The pictures picked for a report: thumbnails, attach (adds) and delete the last one. */
export function ReportPictures({
  files,
  room,
  onAdd,
  onRemoveLast,
}: {
  files: File[];
  /** How many more pictures the report takes (checked beside the picker). */
  room: number;
  onAdd: (files: File[]) => void;
  onRemoveLast: () => void;
}) {
  const { t } = useLingui();
  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );
  return (
    <div>
      {previews.length > 0 ? (
        <div className="photo-strip" data-testid="report-pictures">
          {previews.map((url, i) => (
            <img key={url} src={url} alt={t`Attachment ${i + 1}`} className="photo-strip__img" />
          ))}
        </div>
      ) : (
        <p className="muted">{t`No pictures attached.`}</p>
      )}
      <div className="row wrap">
        <AttachPicturesButton onPick={onAdd} room={room} testId="report-file" />
        <button type="button" className="button button--small" onClick={onRemoveLast}>
          <Trans>Delete last picture</Trans>
        </button>
      </div>
    </div>
  );
}
