import { signUpCall } from '../../../sync/api/auth.api.ts';
import { Limits } from '../../../sync/constants.ts';
import { api } from '../../api/client.ts';
import { sessionStore } from '../../api/session.ts';
import { phoneDigits } from '../../lib/format.ts';

/**
 * What the applicant typed on SignupInfo, carried to SignupQuiz. Kept on the device as it is
 * typed (src/ui/kept-form.ts, form `signupForm`), card photo included, so a reload on either
 * screen keeps it; discarded once the application is sent.
 */
export interface SignupForm {
  card: File | null;
  affiliation: string;
  name: string;
  phone: string;
  code: string;
  /** The last code sent: until when it can be typed (ms since epoch), and auth Y. */
  sent: { until: number; preregistered: boolean } | null;
  /** The phone whose code the server checked, and until when that code still signs up. */
  verified: { phone: string; until: number } | null;
}

/** The kept-form names of sign-up: the info screen's fields and the quiz's answers. */
export const signupForm = 'signup';
export const signupQuizForm = 'signup-quiz';

export const emptySignupForm: SignupForm = {
  card: null,
  affiliation: '',
  name: '',
  phone: '',
  code: '',
  sent: null,
  verified: null,
};

/** A verification for this phone the server still takes (Limits.verifiedCodeMinutes). */
export function isVerified({ form, now }: { form: SignupForm; now: number }): boolean {
  const v = form.verified;
  return v !== null && v.phone === phoneDigits(form.phone) && v.until > now;
}

export function verification({ phone, now }: { phone: string; now: number }): SignupForm['verified'] {
  return { phone: phoneDigits(phone), until: now + Limits.verifiedCodeMinutes * 60_000 };
}

/** What SignupInfo hands to the quiz and to signUp. */
export interface SignupDraft {
  card: File;
  affiliation: string;
  name: string;
  phone: string;
  code: string;
  preregistered: boolean;
}

/** The application a kept form makes, or null while something is missing or the verification ran out. */
export function draftOfForm({ form, now }: { form: SignupForm; now: number }): SignupDraft | null {
  if (!form.card || !isVerified({ form, now })) return null;
  return {
    card: form.card,
    affiliation: form.affiliation.trim(),
    name: form.name.trim(),
    phone: form.phone,
    code: form.code,
    preregistered: form.sent?.preregistered ?? false,
  };
}

export async function submitSignUp({
  draft: d,
  answers,
}: {
  draft: SignupDraft;
  answers: Array<{ f_idx: number; answer: number }>;
}) {
  return api(signUpCall, {
    business_card: d.card,
    affiliation: d.affiliation,
    name: d.name,
    phone_number: phoneDigits(d.phone),
    code: d.code,
    device_id: sessionStore.deviceId(),
    answer_list: JSON.stringify(answers),
  });
}
