import { Trans } from '@lingui/react/macro';
import { type HTMLAttributes, type ReactNode, type RefObject, useId } from 'react';
import { FieldProblem, useFieldProblem } from './field-problems.tsx';

/**
 * The pieces every form is made of, so a form says what it asks and not how a field is drawn:
 * the form (submitting runs `onSubmit`, never a page load), a labelled text field, a check box
 * and the Cancel / submit row.
 */

export function Form({
  onSubmit,
  testId,
  formRef,
  children,
}: {
  onSubmit: () => unknown;
  testId?: string;
  /** The form's problems' root (useFieldProblems().root): the first problem is focused in it. */
  formRef?: RefObject<HTMLFormElement | null>;
  children: ReactNode;
}) {
  return (
    <form
      ref={formRef}
      noValidate
      className="form"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * A labelled one-line input, or a text area when `rows` is given. With `field`, the problem of that
 * field in the surrounding `ProblemsScope` shows under it and marks it (./field-problems.tsx).
 */
export function TextField({
  label,
  value,
  onChange,
  maxLength,
  name,
  rows,
  inputMode,
  field,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  name?: string;
  rows?: number;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  field?: string;
}) {
  const id = useId();
  const { controlProps } = useFieldProblem(field);
  const common = { id, className: 'input', name, maxLength, value, ...controlProps };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {rows !== undefined ? (
        <textarea {...common} rows={rows} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
      )}
      {field ? <FieldProblem field={field} /> : null}
    </div>
  );
}

/** A check box with its label after it; with `field`, its problem under it as for a text field. */
export function CheckField({
  checked,
  onChange,
  name,
  disabled,
  field,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  disabled?: boolean;
  field?: string;
  children: ReactNode;
}) {
  const { controlProps } = useFieldProblem(field);
  return (
    <>
      <label className="check">
        <input
          type="checkbox"
          name={name}
          disabled={disabled}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          {...controlProps}
        />{' '}
        {children}
      </label>
      {field ? <FieldProblem field={field} /> : null}
    </>
  );
}

/** Cancel and the submit button (disabled while the form sends, or when `blocked`). */
export function FormActions({
  onCancel,
  submitLabel,
  pending,
  blocked = false,
  submitTestId,
}: {
  onCancel: () => void;
  submitLabel: ReactNode;
  pending: boolean;
  blocked?: boolean;
  submitTestId?: string;
}) {
  return (
    <div className="row">
      <button type="button" className="button grow" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </button>
      <button
        type="submit"
        className="button button--primary grow"
        disabled={pending || blocked}
        data-testid={submitTestId}
      >
        {submitLabel}
      </button>
    </div>
  );
}

/** A select over fixed values, each shown by its label. */
export function SelectInput<T extends string>({
  value,
  options,
  labelOf,
  onChange,
  ariaLabel,
}: {
  value: T;
  options: readonly T[];
  labelOf: (option: T) => string;
  onChange: (value: T) => void;
  ariaLabel?: string;
}) {
  return (
    <select
      className="input"
      aria-label={ariaLabel}
      value={value}
      onChange={(e) => onChange(e.target.value as T)}
    >
      {options.map((option) => (
        <option key={option} value={option}>
          {labelOf(option)}
        </option>
      ))}
    </select>
  );
}

/** Binds a text field to one string of a form's state: `<TextField {...text('title')} />`. */
export function textBinding<F extends object>(fields: F, set: (change: Partial<F>) => void) {
  return (key: { [K in keyof F]: F[K] extends string ? K : never }[keyof F]) => ({
    value: fields[key] as string,
    onChange: (value: string) => set({ [key]: value } as Partial<F>),
  });
}
