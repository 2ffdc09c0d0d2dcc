import { useRouter } from '@tanstack/react-router';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
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
  /** Whether any modal is open now (a dialog the home's ads must not cover). */
  isOpen: () => boolean;
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

  const isOpen = useCallback(() => depth.current > 0, []);

  const api = useMemo(() => ({ open, closeTop, isOpen }), [open, closeTop, isOpen]);

  return (
    <ModalContext.Provider value={api}>
      {children}
      {stack.map((entry, i) => (
        <div key={entry.id} className="modal-backdrop" style={{ zIndex: 100 + i }}>
          <Dialog>{entry.render(closeTop)}</Dialog>
        </div>
      ))}
    </ModalContext.Provider>
  );
}

/** Where a dialog's name comes from: its title, else a labelled part (the ads), else its message. */
const NAMED_BY = ['.modal__title, h2', 'section[aria-label]', '.modal__message'];

/**
 * A modal's dialog, named after what it shows so a screen reader announces more than "dialog".
 * The name is read from the content (popups render their own title, some only once loaded), so
 * every popup on the stack is named without passing its title twice.
 */
function Dialog({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [name, setName] = useState<string>();
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const read = () => {
      for (const selector of NAMED_BY) {
        const part = dialog.querySelector(selector);
        const text = part?.getAttribute('aria-label') ?? part?.textContent?.trim();
        if (text) return setName(text);
      }
      setName(undefined);
    };
    read();
    const observer = new MutationObserver(read);
    observer.observe(dialog, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="modal" role="dialog" aria-modal="true" aria-label={name}>
      {children}
    </div>
  );
}

export function useModal(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error('useModal outside ModalProvider');
  return api;
}
