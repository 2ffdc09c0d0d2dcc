import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { ImageKind } from '../../../sync/api/uploads.api.ts';
import type { RegistrationFields } from '../../../sync/sites/registration.ts';
import { FlagBox } from './controls.tsx';
import { ImagePicker } from './ImagePicker.tsx';

type MediaFields = Pick<
  RegistrationFields,
  'f_image_urls' | 'f_inlay_image_url' | 'f_inlay_private' | 'f_memo'
>;

/** Photos, inlay images (with their visibility) and the memo (spec §2). */
export function MediaSection({
  fields,
  update,
}: {
  fields: MediaFields;
  update: (patch: Partial<MediaFields>) => void;
}) {
  const { t } = useLingui();
  const memoId = useId();
  return (
    <section className="card reg-section" aria-label={t`Images and memo`}>
      <ImagePicker
        label={t`Photos`}
        value={fields.f_image_urls}
        kind={ImageKind.photo}
        onChange={(f_image_urls) => update({ f_image_urls })}
      />
      <ImagePicker
        label={t`Inlay pictures`}
        value={fields.f_inlay_image_url}
        kind={ImageKind.inlay}
        onChange={(f_inlay_image_url) => update({ f_inlay_image_url })}
      />
      <FlagBox
        label={t`Keep inlay pictures private`}
        value={fields.f_inlay_private === 'Y' ? 'Y' : 'N'}
        onChange={(f_inlay_private) => update({ f_inlay_private })}
      />
      <div className="field">
        <label htmlFor={memoId}>
          <Trans>Memo</Trans>
        </label>
        <textarea
          id={memoId}
          rows={4}
          maxLength={5000}
          value={fields.f_memo}
          onChange={(e) => update({ f_memo: e.target.value })}
        />
      </div>
    </section>
  );
}
