import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { HomeSetting } from '../../../../sync/api/home.api.ts';
import { updateHomeSettingCall } from '../../../../sync/api/home-admin.api.ts';
import { connectProblem, type HomeLinkType, homeLinkTypes } from '../../../../sync/home/ads.ts';
import { api } from '../../../api/client.ts';
import { useCall } from '../../../api/useCall.ts';
import { AttachPicturesButton } from '../../../ui/AttachPicturesButton.tsx';
import { connectTypeLabels, connectValueLabels } from './connect-labels.ts';
import { uploadAdminImage } from './image-upload.ts';

/** Spec §3 Home setting: the home logo as text or an uploaded image, and what tapping it opens. */
export function HomeSettingForm({
  setting,
  onSaved,
}: {
  setting: HomeSetting;
  onSaved: (s: HomeSetting) => void;
}) {
  const { t, i18n } = useLingui();
  const { run, pending } = useCall();
  const [contentType, setContentType] = useState(setting.f_home_content_type);
  const [text, setText] = useState(setting.f_home_content_type === 'T' ? setting.f_home_content : '');
  const [image, setImage] = useState(setting.f_home_content_type === 'I' ? setting.f_home_content : '');
  const [linkType, setLinkType] = useState<HomeLinkType>(setting.f_home_link_type);
  const [linkData, setLinkData] = useState(setting.f_home_link_data);
  const [problem, setProblem] = useState<string | null>(null);
  const valueLabel = connectValueLabels[linkType];
  const content = contentType === 'T' ? text.trim() : image;

  const save = async () => {
    if (!content)
      return setProblem(
        contentType === 'T' ? t`Please enter the logo text.` : t`Please upload the logo image.`,
      );
    if (connectProblem({ type: linkType, value: linkData }))
      return setProblem(linkType === 'L' ? t`Please enter the web address.` : t`Please enter a number.`);
    setProblem(null);
    const next = await run(() =>
      api(updateHomeSettingCall, {
        home_content_type: contentType,
        home_content: content,
        home_link_type: linkType,
        home_link_data: linkType === '' ? '' : linkData,
      }),
    );
    // The server's success message is the save's one toast.
    if (next) onSaved(next);
  };

  return (
    <section className="card" aria-label={t`Home logo`}>
      <h2 className="section-title">{t`Home logo`}</h2>
      <fieldset className="row">
        <legend className="sr-only">{t`Logo kind`}</legend>
        <label className="row">
          <input type="radio" checked={contentType === 'T'} onChange={() => setContentType('T')} />
          {t`Text`}
        </label>
        <label className="row">
          <input type="radio" checked={contentType === 'I'} onChange={() => setContentType('I')} />
          {t`Image`}
        </label>
      </fieldset>
      {contentType === 'T' ? (
        <div className="field">
          <label htmlFor="home-logo-text">{t`Logo text`}</label>
          <input id="home-logo-text" value={text} maxLength={300} onChange={(e) => setText(e.target.value)} />
        </div>
      ) : (
        <div className="row">
          {image ? <img className="ad-slot__image" src={image} alt={t`Home logo`} /> : null}
          <AttachPicturesButton
            label={image ? t`Change image` : t`Upload image`}
            multiple={false}
            onPick={async ([file]) => {
              const url = file ? await run(() => uploadAdminImage(file)) : undefined;
              if (url) setImage(url);
            }}
          />
        </div>
      )}
      <div className="field">
        <label htmlFor="home-link-type">{t`Tapping it opens`}</label>
        <select
          id="home-link-type"
          value={linkType}
          onChange={(e) => setLinkType(e.target.value as HomeLinkType)}
        >
          {homeLinkTypes.map((c) => (
            <option key={c} value={c}>
              {i18n._(connectTypeLabels[c])}
            </option>
          ))}
        </select>
      </div>
      {valueLabel ? (
        <div className="field">
          <label htmlFor="home-link-data">{i18n._(valueLabel)}</label>
          <input id="home-link-data" value={linkData} onChange={(e) => setLinkData(e.target.value)} />
        </div>
      ) : null}
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="button" className="button button--primary" disabled={pending} onClick={() => void save()}>
        {t`Save the logo`}
      </button>
    </section>
  );
}
