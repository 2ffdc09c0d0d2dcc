import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkPhoneAuthCodeCall } from '../../../sync/api/auth.api.ts';
import { api } from '../../api/client.ts';
import { useCallFailure } from '../../api/useCall.ts';
import { phoneDigits } from '../../lib/format.ts';
import { FilePicker } from '../../ui/FilePicker.tsx';
import { FieldProblem, ProblemsScope, useFieldProblems } from '../../ui/field-problems.tsx';
import { useKeptState } from '../../ui/kept-form.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { toast } from '../../ui/toast.tsx';
import { PhoneCodeFields } from './PhoneCodeFields.tsx';
import {
  draftOfForm,
  emptySignupForm,
  isVerified,
  type SignupForm,
  signupForm,
  submitSignUp,
  verification,
} from './signup-draft.ts';
import { UnderReview } from './UnderReview.tsx';
import { usePhoneCode } from './usePhoneCode.ts';

/**
 * Spec §2/§5 sign-up info: card photo, affiliation, name, phone verified by code. Everything,
 * the photo and a verification still valid included, is kept on the device as it is typed.
 */
export function SignupInfoScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const kept = useKeptState<SignupForm>({ key: signupForm, initial: emptySignupForm });
  const form = kept.value;
  const set = kept.set;
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const onAutoFill = useCallback((code: string) => set((f) => ({ ...f, code })), [set]);
  const phoneCode = usePhoneCode({ isLogin: false, onAutoFill });
  const showError = useCallFailure();
  const checked = useFieldProblems(['business_card', 'affiliation', 'name', 'phone_number', 'code'] as const);
  /** A -4 naming a field is said beside it; anything else as the server wrote it. */
  const refused = (err: unknown) => {
    if (!checked.fromServer(err)) showError(err);
  };
  const edit = (field: 'affiliation' | 'name' | 'phone_number' | 'code', change: Partial<SignupForm>) => {
    checked.clear(field);
    set((f) => ({ ...f, ...change }));
  };
  const verified = isVerified({ form, now: Date.now() });
  const preview = useObjectUrl(form.card);
  const { resume } = phoneCode;

  // A code sent before a reload keeps counting down from where it was.
  const resumed = useRef(false);
  useEffect(() => {
    if (!kept.ready || resumed.current) return;
    resumed.current = true;
    if (form.sent) resume(form.sent);
  }, [kept.ready, form.sent, resume]);

  /** Already checked by its bytes beside the picker (FilePicker). */
  const pickCard = (file: File) => {
    checked.clear('business_card');
    set((f) => ({ ...f, card: file }));
  };

  const phoneProblem = () =>
    phoneDigits(form.phone).length < 10 ? t`Please enter your phone number.` : undefined;

  const sendCode = async () => {
    if (checked.show({ phone_number: phoneProblem() })) return;
    try {
      const res = await phoneCode.send(form.phone);
      const filled = res.code;
      set((f) => ({
        ...f,
        ...(filled ? { code: filled } : {}),
        sent: { until: res.until, preregistered: res.auth === 'Y' },
        verified: null,
      }));
      // Spec §4: a phone an admin registered gets its code filled in instead of an SMS.
      toast(
        filled ? t`This phone was registered by an admin: the code is filled in.` : t`The code was sent.`,
      );
    } catch (err) {
      refused(err);
    }
  };

  /** Why the code cannot be checked yet, or undefined. */
  const codeProblem = () => {
    if (!phoneCode.requested) return t`Please request a code first.`;
    if (phoneCode.expired) return t`Authentication timed out. Please request a new code.`;
    if (!/^\d{6}$/.test(form.code)) return t`Please enter the 6-digit code.`;
    return undefined;
  };

  const verify = async () => {
    if (checked.show({ code: codeProblem() })) return;
    try {
      await api(checkPhoneAuthCodeCall, { phone_number: phoneDigits(form.phone), code: form.code });
      set((f) => ({ ...f, verified: verification({ phone: f.phone, now: Date.now() }) }));
      toast(t`Your phone is verified.`);
    } catch (err) {
      refused(err);
    }
  };

  // Spec §5 order: card photo, affiliation, name, phone, code, phone verified; each beside its field.
  const problems = () => ({
    business_card: form.card ? undefined : t`Please add a photo of your business card.`,
    affiliation: form.affiliation.trim() ? undefined : t`Please enter your affiliation.`,
    name: form.name.trim() ? undefined : t`Please enter your name.`,
    phone_number: phoneProblem(),
    code: !form.code ? t`Please enter the code.` : !verified ? t`Please verify your phone.` : undefined,
  });

  const next = async () => {
    const draft = draftOfForm({ form, now: Date.now() });
    if (checked.show(problems()) || !draft) return;
    if (!draft.preregistered) {
      await navigate({ to: '/SignupQuiz' });
      return;
    }
    // A phone pre-registered by an admin skips the quiz.
    setBusy(true);
    try {
      await submitSignUp({ draft, answers: [] });
      await kept.discard();
      setDone(true);
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };

  if (!kept.ready) return <ScreenHeader title={t`Join`} back />;

  return (
    <>
      <ScreenHeader title={t`Join`} back />
      <main className="screen">
        {done ? (
          <UnderReview />
        ) : (
          <ProblemsScope of={checked}>
            <form
              ref={checked.root}
              className="form"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void next();
              }}
            >
              <div className="field">
                <label htmlFor="signup-card">{t`Business card photo`}</label>
                {preview ? <img className="card-preview" src={preview} alt={t`Business card`} /> : null}
                <FilePicker
                  id="signup-card"
                  chosen={form.card?.name ?? null}
                  onPick={pickCard}
                  problem={checked.problems.business_card}
                />
              </div>
              <div className="field">
                <label htmlFor="signup-affiliation">{t`Affiliation`}</label>
                <input
                  id="signup-affiliation"
                  value={form.affiliation}
                  maxLength={100}
                  onChange={(e) => edit('affiliation', { affiliation: e.target.value })}
                  {...checked.controlProps('affiliation')}
                />
                <FieldProblem field="affiliation" />
              </div>
              <div className="field">
                <label htmlFor="signup-name">{t`Name`}</label>
                <input
                  id="signup-name"
                  value={form.name}
                  maxLength={50}
                  autoComplete="name"
                  onChange={(e) => edit('name', { name: e.target.value })}
                  {...checked.controlProps('name')}
                />
                <FieldProblem field="name" />
              </div>
              <PhoneCodeFields
                idPrefix="signup"
                phone={form.phone}
                onPhone={(phone) => edit('phone_number', { phone })}
                code={form.code}
                onCode={(code) => edit('code', { code })}
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
          </ProblemsScope>
        )}
      </main>
    </>
  );
}

/** A URL showing the picked file while it is on screen. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
