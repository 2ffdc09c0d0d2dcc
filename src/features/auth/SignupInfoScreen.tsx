import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { checkPhoneAuthCodeCall } from '../../../sync/api/auth.api.ts';
import { Limits } from '../../../sync/constants.ts';
import { api } from '../../api/client.ts';
import { useCallFailure } from '../../api/useCall.ts';
import { phoneDigits } from '../../lib/format.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { toast } from '../../ui/toast.tsx';
import { PhoneCodeFields } from './PhoneCodeFields.tsx';
import { signupDraft, submitSignUp } from './signup-draft.ts';
import { UnderReview } from './UnderReview.tsx';
import { usePhoneCode } from './usePhoneCode.ts';

/** Spec §2/§5 sign-up info: card photo, affiliation, name, phone verified by code. */
export function SignupInfoScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [card, setCard] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [affiliation, setAffiliation] = useState('');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [verifiedPhone, setVerifiedPhone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const onAutoFill = useCallback((c: string) => setCode(c), []);
  const phoneCode = usePhoneCode({ isLogin: false, onAutoFill });
  const showError = useCallFailure();
  const verified = verifiedPhone !== null && verifiedPhone === phoneDigits(phone);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pickCard = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return toast(t`Unsupported image format.`);
    if (file.size > Limits.imageMaxBytes) return toast(t`Images must be 10 MB or smaller.`);
    setCard(file);
    setPreview(URL.createObjectURL(file));
  };

  const sendCode = async () => {
    if (phoneDigits(phone).length < 10) return toast(t`Please enter your phone number.`);
    try {
      await phoneCode.send(phone);
      setVerifiedPhone(null);
      toast(t`The code was sent.`);
    } catch (err) {
      showError(err);
    }
  };

  const verify = async () => {
    if (!phoneCode.requested) return toast(t`Please request a code first.`);
    if (phoneCode.expired) return toast(t`Authentication timed out. Please request a new code.`);
    if (!/^\d{6}$/.test(code)) return toast(t`Please enter the 6-digit code.`);
    try {
      await api(checkPhoneAuthCodeCall, { phone_number: phoneDigits(phone), code });
      setVerifiedPhone(phoneDigits(phone));
      toast(t`Your phone is verified.`);
    } catch (err) {
      showError(err);
    }
  };

  // Spec §5 order: card photo, affiliation, name, phone, code, phone verified.
  const problem = (): string | null => {
    if (!card) return t`Please add a photo of your business card.`;
    if (!affiliation.trim()) return t`Please enter your affiliation.`;
    if (!name.trim()) return t`Please enter your name.`;
    if (phoneDigits(phone).length < 10) return t`Please enter your phone number.`;
    if (!code) return t`Please enter the code.`;
    if (!verified) return t`Please verify your phone.`;
    return null;
  };

  const next = async () => {
    const p = problem();
    if (p || !card) return toast(p ?? '');
    const draft = {
      card,
      affiliation: affiliation.trim(),
      name: name.trim(),
      phone,
      code,
      preregistered: phoneCode.preregistered,
    };
    if (!phoneCode.preregistered) {
      signupDraft.set(draft);
      await navigate({ to: '/SignupQuiz' });
      return;
    }
    // A phone pre-registered by an admin skips the quiz.
    setBusy(true);
    try {
      await submitSignUp({ draft, answers: [] });
      setDone(true);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ScreenHeader title={t`Join`} back />
      <main className="screen">
        {done ? (
          <UnderReview />
        ) : (
          <form
            className="form"
            onSubmit={(e) => {
              e.preventDefault();
              void next();
            }}
          >
            <div className="field">
              <label htmlFor="signup-card">{t`Business card photo`}</label>
              {preview ? <img className="card-preview" src={preview} alt={t`Business card`} /> : null}
              <input
                id="signup-card"
                type="file"
                accept="image/*"
                onChange={(e) => pickCard(e.target.files?.[0])}
              />
            </div>
            <div className="field">
              <label htmlFor="signup-affiliation">{t`Affiliation`}</label>
              <input
                id="signup-affiliation"
                value={affiliation}
                maxLength={100}
                onChange={(e) => setAffiliation(e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="signup-name">{t`Name`}</label>
              <input
                id="signup-name"
                value={name}
                maxLength={50}
                autoComplete="name"
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <PhoneCodeFields
              idPrefix="signup"
              phone={phone}
              onPhone={setPhone}
              code={code}
              onCode={setCode}
              phoneCode={phoneCode}
              onSend={() => void sendCode()}
              showCountdown={!verified}
              codeAction={
                <button type="button" className="button" onClick={() => void verify()} disabled={verified}>
                  {verified ? t`Verified` : t`Verify`}
                </button>
              }
            />
            <button type="submit" className="button button--primary button--block" disabled={busy}>
              {phoneCode.preregistered ? t`Apply` : t`Next: certification quiz`}
            </button>
          </form>
        )}
      </main>
    </>
  );
}
