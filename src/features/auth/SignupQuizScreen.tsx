import { useLingui } from '@lingui/react/macro';
import { Navigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { getCertQuestionListCall, updateCertAnswerCall } from '../../../sync/api/auth.api.ts';
import { ResultCode } from '../../../sync/codes.ts';
import { ApiError, api } from '../../api/client.ts';
import { useCall } from '../../api/useCall.ts';
import { useQuery } from '../../api/useQuery.ts';
import { phoneDigits } from '../../lib/format.ts';
import { FieldProblem, ProblemsScope, useFieldProblems } from '../../ui/field-problems.tsx';
import { useKeptState } from '../../ui/kept-form.ts';
import { ScreenHeader } from '../../ui/ScreenHeader.tsx';
import {
  draftOfForm,
  emptySignupForm,
  type SignupForm,
  signupForm,
  signupQuizForm,
  submitSignUp,
} from './signup-draft.ts';
import { UnderReview } from './UnderReview.tsx';

/** Spec §2 sign-up quiz: every question answered; a failed set (-8) stays on the quiz. */
export function SignupQuizScreen() {
  const { t } = useLingui();
  const info = useKeptState<SignupForm>({ key: signupForm, initial: emptySignupForm });
  const kept = useKeptState<Record<number, number>>({ key: signupQuizForm, initial: {} });
  const draft = info.ready ? draftOfForm({ form: info.value, now: Date.now() }) : null;
  const questions = useQuery(useCallback(() => api(getCertQuestionListCall, {}), [])).data?.list ?? null;
  const answers = kept.value;
  const setAnswers = kept.set;
  const { run, pending: busy } = useCall();
  const [done, setDone] = useState(false);
  const checked = useFieldProblems<string>([]);

  if (!info.ready || !kept.ready) return <ScreenHeader title={t`Certification quiz`} back />;
  // Nothing (or no valid verification) kept from the info screen: it asks again.
  if (!draft && !done) return <Navigate to="/SignupInfo" replace />;

  const submit = async () => {
    if (!draft || !questions) return;
    // Each unanswered question says so under it; the first takes the focus.
    const unanswered = questions.filter((q) => answers[q.f_idx] === undefined);
    if (
      checked.show(
        Object.fromEntries(unanswered.map((q) => [`q-${q.f_idx}`, t`Please answer this question.`])),
      )
    )
      return;
    const list = questions.map((q) => ({ f_idx: q.f_idx, answer: answers[q.f_idx] as number }));
    const sent = await run(
      async () => {
        await api(updateCertAnswerCall, { phone: phoneDigits(draft.phone), answer_list: list });
        await submitSignUp({ draft, answers: list });
        return true;
      },
      {
        onError: (err) => {
          if (err instanceof ApiError && err.code === ResultCode.certAnswerFailed) {
            // Back to the quiz: the answers are cleared for another try.
            setAnswers({});
            window.scrollTo({ top: 0 });
          }
        },
      },
    );
    if (!sent) return;
    await Promise.all([info.discard(), kept.discard()]);
    setDone(true);
  };

  return (
    <>
      <ScreenHeader title={t`Certification quiz`} back />
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
                void submit();
              }}
            >
              {questions === null ? <p className="muted">{t`Loading…`}</p> : null}
              {questions?.map((q, i) => (
                <fieldset key={q.f_idx} className="quiz-question">
                  <legend>
                    {i + 1}. {q.f_question}
                  </legend>
                  {q.f_answer_list.map((answer, k) => (
                    <label key={answer} className="choice">
                      <input
                        type="radio"
                        name={`q-${q.f_idx}`}
                        checked={answers[q.f_idx] === k}
                        onChange={() => {
                          checked.clear(`q-${q.f_idx}`);
                          setAnswers((a) => ({ ...a, [q.f_idx]: k }));
                        }}
                        {...(k === 0 ? checked.controlProps(`q-${q.f_idx}`) : {})}
                      />
                      {answer}
                    </label>
                  ))}
                  <FieldProblem field={`q-${q.f_idx}`} />
                </fieldset>
              ))}
              <button
                type="submit"
                className="button button--primary button--block"
                disabled={busy || !questions}
              >
                {t`Submit application`}
              </button>
            </form>
          </ProblemsScope>
        )}
      </main>
    </>
  );
}
