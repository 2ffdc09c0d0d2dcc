import { useLingui } from '@lingui/react/macro';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { syncEngine } from '../../sync/client.ts';
import { focusFirstProblem } from '../../ui/field-problems.tsx';
import { toast } from '../../ui/toast.tsx';
import { siteMoney } from './amounts.ts';
import { finalSave, temporarySave } from './draft-store.ts';
import { useUploadsInFlight } from './ImagePicker.tsx';
import { backSteps, type RegistrationSearch } from './navigation.ts';
import { type RegistrationSession, registrationSessions } from './session.ts';
import { useAmountCheck } from './useAmountCheck.ts';
import { useChoice } from './useChoice.tsx';
import { checkBuildings, type FormProblem, fieldsForSave, noTypedArea, step1Problems } from './validate.ts';

function online(): boolean {
  return navigator.onLine !== false;
}

/**
 * Moves to the first problem shown: the focus on the first control marked invalid, else (a part
 * whose control cannot take the mark) a scroll to the part of the form it is about.
 */
function showField(field: string) {
  const root = document.querySelector('main');
  if (root?.querySelector('[aria-invalid="true"]')) return focusFirstProblem(root);
  const key = field.split('.')[0] ?? field;
  const target = document.querySelector(`[data-fields~="${key}"]`);
  target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

/** The bottom bar's actions (spec §2: cancel, temporary save, next or save) for one step. */
export function useRegistrationActions({
  session,
  step,
  search,
  groupsCount,
}: {
  session: RegistrationSession;
  step: 1 | 2;
  search: RegistrationSearch;
  groupsCount: number;
}) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  const choose = useChoice();
  const uploads = useUploadsInFlight();
  const [busy, setBusy] = useState(false);
  const checkAmounts = useAmountCheck();
  // After a refused next or save, every problem of step 1 shows beside its fields and goes as it is fixed.
  const [showProblems, setShowProblems] = useState(false);
  const registering = session.mode !== 'edit';
  const check = (fields: RegistrationSession['fields']) =>
    step1Problems({ fields, now: new Date(), groupsCount, registering });
  const problems: FormProblem[] = showProblems
    ? check(
        fieldsForSave({ fields: session.fields, pending: session.pending, pendingArea: session.pendingArea }),
      )
    : [];

  // The focus moves once the problems are on screen (the render after they are asked for).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const field = focusNext.current;
    if (field === null) return;
    focusNext.current = null;
    showField(field);
  });
  const [, setAttempts] = useState(0);
  const problem = (first: FormProblem) => {
    focusNext.current = first.field;
    setShowProblems(true);
    // A render even when the problems were showing already, so the focus moves again.
    setAttempts((n) => n + 1);
  };

  /** The typed contact and area added, the values normalised: kept in the session so the form shows them. */
  const prepared = () => {
    const fields = fieldsForSave({
      fields: session.fields,
      pending: session.pending,
      pendingArea: session.pendingArea,
    });
    const areaAdded = fields.rooms.length > session.fields.rooms.length;
    registrationSessions.update(session.key, (s) => ({
      ...s,
      fields,
      pending: { f_name: '', f_phone: '' },
      pendingArea: areaAdded ? { ...(s.pendingArea ?? noTypedArea), sqm: null, pyeong: null } : s.pendingArea,
    }));
    return fields;
  };

  const guard = async (run: () => Promise<void>) => {
    if (busy) return;
    if (uploads > 0) {
      toast(t`Please wait until the images are uploaded.`);
      return;
    }
    setBusy(true);
    try {
      await run();
    } catch (err) {
      toast(
        err instanceof Error && err.message
          ? err.message
          : t`An unexpected error occurred. Please restart the app.`,
      );
    } finally {
      setBusy(false);
    }
  };

  const temporary = () =>
    guard(async () => {
      const fields = prepared();
      await temporarySave({ engine: syncEngine, session, fields, step });
      toast(
        online()
          ? t`Temporarily saved.`
          : t`Temporarily saved on this device. It will be sent when you are back online.`,
      );
    });

  const next = () =>
    guard(async () => {
      const fields = prepared();
      const failure = check(fields)[0];
      if (failure) return problem(failure);
      setShowProblems(false);
      await navigate({ to: '/RegSite/step2', search });
    });

  const save = () =>
    guard(async () => {
      const fields = prepared();
      const failure = check(fields)[0];
      if (failure) {
        if (step === 2) {
          toast(i18n._(failure.message));
          return;
        }
        return problem(failure);
      }
      setShowProblems(false);
      if (session.kind === 'O') {
        const unit = checkBuildings(fields);
        if (unit) {
          const dong = unit.dong === undefined ? undefined : fields.dongs[unit.dong];
          const ho = unit.ho === undefined ? undefined : dong?.hos[unit.ho];
          const where = [dong?.f_dong, ho?.f_ho].filter(Boolean).join(' ');
          toast(where ? `${where}: ${i18n._(unit.message)}` : i18n._(unit.message));
          return;
        }
      }
      if (!(await checkAmounts({ values: fields, money: siteMoney }))) return;
      await finalSave({ engine: syncEngine, session, fields });
      toast(online() ? t`Saved.` : t`Saved on this device. It will be sent when you are back online.`);
      registrationSessions.end(session.key);
      router.history.go(-backSteps({ addressChanged: search.addr === 1, fromStep2: step === 2 }));
    });

  const cancel = async () => {
    const leave = await choose({
      message: t`Stop here? Changes since the last save are not kept.`,
      options: [
        { value: 'stay', label: t`Keep editing` },
        { value: 'leave', label: t`Stop`, danger: true },
      ],
    });
    if (leave !== 'leave') return;
    if (step === 2) {
      router.history.back();
      return;
    }
    registrationSessions.end(session.key);
    router.history.go(-backSteps({ addressChanged: search.addr === 1, fromStep2: false }));
  };

  return { temporary, next, save, cancel, busy: busy || uploads > 0, problems };
}
