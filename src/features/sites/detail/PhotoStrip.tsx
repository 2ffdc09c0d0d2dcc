import { useLingui } from '@lingui/react/macro';
import { useModal } from '../../../ui/modal.tsx';
import { useImageUrls } from '../common/useImageUrls.ts';
import { Gallery } from './Gallery.tsx';

/** A row of thumbnails; a tap opens the fullscreen gallery at that picture. Nothing when empty. */
export function PhotoStrip({
  title,
  images,
  testId,
}: {
  title: string;
  images: readonly string[];
  testId: string;
}) {
  const { t } = useLingui();
  const modal = useModal();
  const urls = useImageUrls(images);
  if (urls.length === 0) return null;
  const open = (start: number) =>
    modal.open((close) => <Gallery images={urls} start={start} onClose={close} />);
  return (
    <section className="detail-section" data-testid={testId}>
      <h2 className="section-title">{title}</h2>
      <ul className="photo-strip">
        {urls.map((url, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same picture may be listed twice; its place is its identity
          <li key={`${url}-${i}`}>
            <button
              type="button"
              onClick={() => open(i)}
              aria-label={t`Open picture ${i + 1} of ${urls.length}`}
            >
              <img src={url} alt="" loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
