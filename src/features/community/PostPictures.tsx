import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { CloseIcon } from '../../ui/icons.ts';
import { type PictureRef, type PostDraft, picturesOf } from './post-pictures.ts';

/** A picture picked on this device, shown from its bytes while the form is open. */
function FileThumb({ file, alt }: { file: File; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url ? <img src={url} alt={alt} /> : <span className="post-thumb__blank" />;
}

/**
 * The pictures attached to a post being written or edited, each with its remove button. The
 * form asks before removing (`onRemove` confirms), so a thumb slip does not lose a picture.
 */
export function PostPictures({
  draft,
  onRemove,
}: {
  draft: PostDraft;
  onRemove: (picture: PictureRef, position: number) => void;
}) {
  const { t } = useLingui();
  const pictures = picturesOf(draft);
  if (pictures.length === 0) return null;
  return (
    <ul className="post-thumbs" aria-label={t`Attached pictures`} data-testid="post-pictures">
      {pictures.map(({ ref, source }, i) => (
        <li key={`${ref.kind}-${ref.index}-${typeof source === 'string' ? source : source.name}`}>
          {typeof source === 'string' ? (
            <img src={source} alt={t`Attachment ${i + 1}`} />
          ) : (
            <FileThumb file={source} alt={t`Attachment ${i + 1}`} />
          )}
          <button
            type="button"
            className="post-thumb__remove"
            aria-label={t`Remove attachment ${i + 1}`}
            onClick={() => onRemove(ref, i + 1)}
          >
            <Icon data={CloseIcon} size={18} />
          </button>
        </li>
      ))}
    </ul>
  );
}
