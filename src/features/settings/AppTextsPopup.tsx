import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { type AppInfo, getAppInfoCall } from '../../../sync/api/system.api.ts';
import { api } from '../../api/client.ts';

type TextKey = 'terms' | 'privacy' | 'location_text';
type Texts = Pick<AppInfo, TextKey>;

/** The texts as last read, so they open offline too (also before sign-in, so not in the member's store). */
const KEPT = 'bt.appTexts';

function keptTexts(): Texts | null {
  try {
    return JSON.parse(localStorage.getItem(KEPT) ?? 'null') as Texts | null;
  } catch {
    return null;
  }
}

/**
 * Spec §2 Splash and settings, §7 getAppInfo: the terms of service, the privacy policy and the
 * location terms as the admin wrote them (/admin/info), one tab each.
 */
export function AppTextsPopup({ close, initial = 'terms' }: { close: () => void; initial?: TextKey }) {
  const { t } = useLingui();
  const [tab, setTab] = useState<TextKey>(initial);
  const [texts, setTexts] = useState<Texts | null>(keptTexts);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    api(getAppInfoCall, {}).then(
      (info) => {
        const next = { terms: info.terms, privacy: info.privacy, location_text: info.location_text };
        localStorage.setItem(KEPT, JSON.stringify(next));
        setTexts(next);
      },
      () => setFailed(true),
    );
  }, []);

  const labels: Record<TextKey, string> = {
    terms: t`Terms of service`,
    privacy: t`Privacy policy`,
    location_text: t`Location terms`,
  };
  return (
    <div>
      <h2 className="modal__title">{t`Terms and policies`}</h2>
      <div className="tabs" role="tablist" aria-label={t`Terms and policies`}>
        {(Object.keys(labels) as TextKey[]).map((key) => (
          <button key={key} type="button" role="tab" aria-selected={tab === key} onClick={() => setTab(key)}>
            {labels[key]}
          </button>
        ))}
      </div>
      <div className="app-text" role="tabpanel" aria-label={labels[tab]}>
        {texts ? (
          texts[tab]
        ) : (
          <p className="muted">
            {failed ? t`This needs a network connection. Please try again online.` : t`Loading…`}
          </p>
        )}
      </div>
      <div className="modal__actions">
        <button type="button" className="button" onClick={close}>
          {t`Close`}
        </button>
      </div>
    </div>
  );
}
