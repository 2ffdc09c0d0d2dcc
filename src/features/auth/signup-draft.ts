import { signUpCall } from '../../../sync/api/auth.api.ts';
import { api } from '../../api/client.ts';
import { sessionStore } from '../../api/session.ts';
import { phoneDigits } from '../../lib/format.ts';

/**
 * What the applicant typed on SignupInfo, carried to SignupQuiz. Kept in memory only:
 * the card photo cannot go into the URL, and a half-finished application holds nothing
 * worth restoring after a reload (the form asks again).
 */
export interface SignupDraft {
  card: File;
  affiliation: string;
  name: string;
  phone: string;
  code: string;
  preregistered: boolean;
}

let draft: SignupDraft | null = null;

export const signupDraft = {
  get: () => draft,
  set: (d: SignupDraft) => {
    draft = d;
  },
  clear: () => {
    draft = null;
  },
};

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
