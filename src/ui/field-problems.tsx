import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { ResultCode } from '../../sync/codes.ts';
import { ApiError } from '../api/client.ts';

/**
 * The one way a form says what is wrong: every problem beside its field (a line under the
 * control, which is `aria-invalid` and described by it), and the focus on the first control with
 * a problem, in the order the form shows them. Problems are keyed by the field names the shared
 * rules and the contracts use (`title`, `f_dong_count`), so a server's -4 naming a field lands
 * beside that field too.
 */

export type FieldProblems = Readonly<Record<string, string | undefined>>;

interface Scope {
  problems: FieldProblems;
  idOf: (field: string) => string;
}

const ProblemsContext = createContext<Scope>({ problems: {}, idOf: (field) => `problem-${field}` });

function useIdOf(): (field: string) => string {
  const prefix = useId();
  return useCallback((field: string) => `${prefix}-${field.replace(/[^\w-]/g, '_')}`, [prefix]);
}

/**
 * The problems of the fields inside it, for `useFieldProblem` and `FieldProblem`: a form's
 * `useFieldProblems()` (`of`), or problems worked out elsewhere (registration's rules).
 */
export function ProblemsScope({
  of,
  problems,
  children,
}: {
  of?: { problems: FieldProblems; idOf: (field: string) => string };
  problems?: FieldProblems;
  children: ReactNode;
}) {
  const ownIdOf = useIdOf();
  const value = { problems: of?.problems ?? problems ?? {}, idOf: of?.idOf ?? ownIdOf };
  return <ProblemsContext.Provider value={value}>{children}</ProblemsContext.Provider>;
}

/** A field's problem and the attributes its control takes (`aria-invalid`, `aria-describedby`). */
export function useFieldProblem(field: string | undefined): {
  problem: string | undefined;
  controlProps: { 'aria-invalid'?: true; 'aria-describedby'?: string };
} {
  const { problems, idOf } = useContext(ProblemsContext);
  const problem = field === undefined ? undefined : problems[field];
  if (!problem || field === undefined) return { problem: undefined, controlProps: {} };
  return { problem, controlProps: { 'aria-invalid': true, 'aria-describedby': idOf(field) } };
}

/** The line under a control that says its field's problem; nothing while there is none. */
export function FieldProblem({ field }: { field: string }) {
  const { problems, idOf } = useContext(ProblemsContext);
  const problem = problems[field];
  if (!problem) return null;
  return (
    <p id={idOf(field)} className="field__error" data-testid="field-problem" data-field={field}>
      {problem}
    </p>
  );
}

/** Moves the focus to the first control marked invalid inside `root` (in the order on screen). */
export function focusFirstProblem(root: ParentNode | null): void {
  const first = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return;
  // A hidden file input (a picker) is reached through its label.
  const target = first.classList.contains('sr-only')
    ? (first.closest('label') ?? first.ownerDocument.querySelector<HTMLElement>(`label[for="${first.id}"]`))
    : first;
  (target ?? first).focus();
  (target ?? first).scrollIntoView?.({ block: 'center' });
}

/**
 * A form's problems: `show` puts every one beside its field and moves the focus to the first,
 * `clear` takes one away as its field is edited, `fromServer` shows a -4 naming one of `fields`
 * beside it (true) and leaves any other failure to the caller (false). `root` goes on the form.
 */
export function useFieldProblems<K extends string>(fields: readonly K[]) {
  const [problems, setProblems] = useState<Partial<Record<K, string>>>({});
  const idOf = useIdOf();
  const root = useRef<HTMLFormElement | null>(null);
  const focusNext = useRef(false);
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    focusFirstProblem(root.current);
  });
  const show = useCallback((next: Partial<Record<K, string>>): boolean => {
    const any = Object.values(next).some(Boolean);
    focusNext.current = any;
    setProblems(next);
    return any;
  }, []);
  /** Any field name may be passed (a form clears what it edits); only a shown problem goes. */
  const clear = useCallback(
    (field: string) =>
      setProblems((current) => (current[field as K] ? { ...current, [field]: undefined } : current)),
    [],
  );
  const known = useRef(fields);
  known.current = fields;
  const fromServer = useCallback(
    (err: unknown): boolean => {
      if (!(err instanceof ApiError) || err.code !== ResultCode.badParameter) return false;
      const named = (err.data as { field?: unknown } | null)?.field;
      const field = known.current.find((f) => f === named);
      if (field === undefined) return false;
      return show({ [field]: err.message } as Partial<Record<K, string>>);
    },
    [show],
  );
  /** For a control the form draws itself (outside a field component of the scope). */
  const controlProps = (field: K) =>
    problems[field] ? { 'aria-invalid': true as const, 'aria-describedby': idOf(field) } : {};
  return { problems: problems as FieldProblems, idOf, root, show, clear, fromServer, controlProps };
}
