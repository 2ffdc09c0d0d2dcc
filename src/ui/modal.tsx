import { useRouter } from '@tanstack/react-router';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

type Render = (close: () => void) => ReactNode;

interface ModalEntry {
  id: number;
  render: Render;
  onClosed: (() => void) | undefined;
}

interface ModalApi {
  /** Opens a modal on top of the stack; the browser back button closes it. `onClosed` runs however it closes. */
  open: (render: Render, onClosed?: () => void) => void;
  /** Closes the top modal (by going back over its history entry). */
  closeTop: () => void;
}

const ModalContext = createContext<ModalApi | null>(null);

interface ModalState {
  modalDepth?: number;
}

/**
 * A stack of modals tied to browser history: each modal pushes a history entry on the
 * same URL, so the back button (or Android's back gesture) closes the top one first.
 */
export function ModalProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [stack, setStack] = useState<ModalEntry[]>([]);
  const stackRef = useRef(stack);
  stackRef.current = stack;
  const depth = useRef(0);
  const nextId = useRef(1);

  // A reload while a modal was open leaves the page on that modal's history entry with no modal
  // shown: it becomes the page's own entry, or the next modal's back would land on it and stay open.
  useEffect(() => {
    const { location } = router.history;
    if (((location.state as ModalState).modalDepth ?? 0) > 0) {
      router.history.replace(location.href, { ...location.state, modalDepth: 0 } as never);
    }
  }, [router]);

  useEffect(
    () =>
      router.history.subscribe(({ location }) => {
        const target = (location.state as ModalState).modalDepth ?? 0;
        if (target < depth.current) {
          depth.current = target;
          const closing = stackRef.current.slice(target);
          stackRef.current = stackRef.current.slice(0, target);
          setStack((s) => s.slice(0, target));
          for (const entry of closing) entry.onClosed?.();
        }
      }),
    [router],
  );

  const open = useCallback(
    (render: Render, onClosed?: () => void) => {
      const id = nextId.current++;
      depth.current += 1;
      const entry = { id, render, onClosed };
      stackRef.current = [...stackRef.current, entry];
      setStack((s) => [...s, entry]);
      router.history.push(router.history.location.href, { modalDepth: depth.current } as never);
    },
    [router],
  );

  const closeTop = useCallback(() => {
    if (depth.current > 0) router.history.back();
  }, [router]);

  const api = useMemo(() => ({ open, closeTop }), [open, closeTop]);

  return (
    <ModalContext.Provider value={api}>
      {children}
      {stack.map((entry, i) => (
        <div key={entry.id} className="modal-backdrop" style={{ zIndex: 100 + i }}>
          <div className="modal" role="dialog" aria-modal="true">
            {entry.render(closeTop)}
          </div>
        </div>
      ))}
    </ModalContext.Provider>
  );
}

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModal outside ModalProvider');
  return api;
}
