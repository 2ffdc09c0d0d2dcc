import { useCallback, useEffect, useRef, useState } from 'react';
import { authPhoneCall } from '../../../sync/api/auth.api.ts';
import { Limits } from '../../../sync/constants.ts';
import { api } from '../../api/client.ts';
import { phoneDigits } from '../../lib/format.ts';

/** Fills the code from the SMS on browsers with WebOTP (Android Chrome); elsewhere it is typed. */
async function listenForOtp(signal: AbortSignal): Promise<string | null> {
  const credentials = typeof navigator !== 'undefined' ? navigator.credentials : undefined;
  if (!credentials || typeof window === 'undefined' || !('OTPCredential' in window)) return null;
  try {
    const cred = (await credentials.get({
      otp: { transport: ['sms'] },
      signal,
    } as CredentialRequestOptions)) as (Credential & { code?: string }) | null;
    return cred?.code ?? null;
  } catch {
    return null;
  }
}

/**
 * The phone-code step shared by login and sign-up: send a code, count 180 s down,
 * remember whether the phone was pre-registered (auth Y).
 */
export function usePhoneCode({
  isLogin,
  onAutoFill,
}: {
  isLogin: boolean;
  onAutoFill: (code: string) => void;
}) {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [requested, setRequested] = useState(false);
  const [preregistered, setPreregistered] = useState(false);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const otpAbort = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
      otpAbort.current?.abort();
    },
    [],
  );

  /** Counts down to `until`: after a send, or for a code sent before a reload (sign-up keeps it). */
  const resume = useCallback((sent: { until: number; preregistered: boolean }) => {
    const { until } = sent;
    setRequested(true);
    setPreregistered(sent.preregistered);
    setSecondsLeft(Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    if (timer.current) clearInterval(timer.current);
    timer.current = setInterval(() => {
      const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0 && timer.current) clearInterval(timer.current);
    }, 250);
  }, []);

  const send = useCallback(
    async (phone: string) => {
      setSending(true);
      try {
        const res = await api(authPhoneCall, {
          phone_number: phoneDigits(phone),
          is_login: isLogin ? 'Y' : 'N',
        });
        const until = Date.now() + (res.expires_in || Limits.codeCountdownSec) * 1000;
        resume({ until, preregistered: res.auth === 'Y' });
        otpAbort.current?.abort();
        otpAbort.current = new AbortController();
        void listenForOtp(otpAbort.current.signal).then((code) => {
          if (code) onAutoFill(code);
        });
        return { ...res, until };
      } finally {
        setSending(false);
      }
    },
    [isLogin, onAutoFill, resume],
  );

  return {
    send,
    resume,
    sending,
    requested,
    secondsLeft,
    expired: requested && secondsLeft === 0,
    preregistered,
  };
}

/** 180 → "3:00" */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
