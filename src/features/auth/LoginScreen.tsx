import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { loginCall } from '../../../sync/api/auth.api.ts';
import { api } from '../../api/client.ts';
import { sessionStore } from '../../api/session.ts';
import { useCallFailure } from '../../api/useCall.ts';
import { formatPhone, phoneDigits } from '../../lib/format.ts';
import { prepareSync } from '../../sync/status.ts';
import { ProblemsScope, useFieldProblems } from '../../ui/field-problems.tsx';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import { toast } from '../../ui/toast.tsx';
import { completeLogin } from './auth-actions.ts';
import { PhoneCodeFields } from './PhoneCodeFields.tsx';
import { usePhoneCode } from './usePhoneCode.ts';

/** Spec §2 Login: phone, send code, 180 s countdown, code entry. */
export function LoginScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [phone, setPhone] = useState(() => formatPhone(sessionStore.savedPhone()));
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice] = useState(() => sessionStore.forcedLogout());
  const onAutoFill = useCallback((c: string) => setCode(c), []);
  const phoneCode = usePhoneCode({ isLogin: true, onAutoFill });
  const showError = useCallFailure();
  const checked = useFieldProblems(['phone_number', 'code'] as const);
  /** A -4 naming the phone or the code is said beside it; anything else as the server wrote it. */
  const refused = (err: unknown) => {
    if (!checked.fromServer(err)) showError(err);
  };
  const phoneProblem = () =>
    phoneDigits(phone).length < 10 ? t`Please enter your phone number.` : undefined;

  useEffect(() => {
    // While the agent types the phone and waits for the code the link is idle: the sync engine
    // and the device store load then, so the first sync and the home do not wait for them.
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(prepareSync, { timeout: 3000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(prepareSync, 1000);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    // The forced-logout message is shown once, here, then the flag is cleared.
    if (notice?.trim()) toast(notice);
    if (notice !== null) sessionStore.clearForcedLogout();
  }, [notice]);

  const sendCode = async () => {
    if (checked.show({ phone_number: phoneProblem() })) return;
    try {
      await phoneCode.send(phone);
      toast(t`The code was sent.`);
    } catch (err) {
      refused(err);
    }
  };

  const submit = async () => {
    const codeProblem = !phoneCode.requested
      ? t`Please request a code first.`
      : phoneCode.expired
        ? t`Authentication timed out. Please request a new code.`
        : !/^\d{6}$/.test(code)
          ? t`Please enter the 6-digit code.`
          : undefined;
    if (checked.show({ phone_number: phoneProblem(), code: codeProblem })) return;
    setBusy(true);
    try {
      const res = await api(loginCall, {
        phone_number: phoneDigits(phone),
        code,
        device_id: sessionStore.deviceId(),
        auto_login: 'Y',
        isWeb: 'Y',
      });
      await completeLogin({ token: res.access_token, uid: res.uid, phone: phoneDigits(phone) });
      await navigate({ to: '/Home', replace: true });
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <ScreenHeader title={t`Sign in`} />
      <main className="screen">
        <ProblemsScope of={checked}>
          <form
            ref={checked.root}
            className="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <PhoneCodeFields
              idPrefix="login"
              phone={phone}
              onPhone={(value) => {
                checked.clear('phone_number');
                setPhone(value);
              }}
              code={code}
              onCode={(value) => {
                checked.clear('code');
                setCode(value);
              }}
              phoneCode={phoneCode}
              onSend={() => void sendCode()}
            />
            <button type="submit" className="button button--primary button--block" disabled={busy}>
              <Trans>Sign in</Trans>
            </button>
          </form>
        </ProblemsScope>
        <p className="muted center">
          <Trans>New here?</Trans>{' '}
          <Link to="/SignupInfo">
            <Trans>Join</Trans>
          </Link>
        </p>
      </main>
    </>
  );
}
