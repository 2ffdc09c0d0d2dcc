import { useCallback } from 'react';
import { useModal } from '../../ui/modal.tsx';

export interface ChoiceOption<V extends string> {
  value: V;
  label: string;
  primary?: boolean;
  danger?: boolean;
}

/**
 * A question with a few answers on the modal stack. It resolves only once the popup has
 * closed (its history entry is gone), so the caller may navigate right away; closing it
 * with the back button answers null.
 */
export function useChoice() {
  const modal = useModal();
  return useCallback(
    <V extends string>({ message, options }: { message: string; options: ReadonlyArray<ChoiceOption<V>> }) =>
      new Promise<V | null>((resolve) => {
        let answer: V | null = null;
        modal.open(
          (close) => (
            <div>
              <div className="modal__message">{message}</div>
              <div className="modal__actions">
                {options.map((o) => (
                  <button
                    key={o.value}
                    type="button"
                    className={`button${o.primary ? ' button--primary' : ''}${o.danger ? ' button--danger' : ''}`}
                    onClick={() => {
                      answer = o.value;
                      close();
                    }}
                  >
                    {o.label}
                  </button>
                ))}
              </div>
            </div>
          ),
          () => resolve(answer),
        );
      }),
    [modal],
  );
}
