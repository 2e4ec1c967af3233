import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';

export const TOAST_TONES = ['info', 'success', 'warning', 'danger'] as const;
export type ToastTone = (typeof TOAST_TONES)[number];

export type ToastOptions = {
  message: ReactNode;
  title?: string;
  tone?: ToastTone;
  /** Milliseconds before it goes away; 0 keeps it until dismissed. */
  duration?: number;
};

export type Toast = Required<Pick<ToastOptions, 'tone' | 'duration'>> & ToastOptions & { id: number };

export type ToastApi = {
  show: (toast: ToastOptions | string) => number;
  dismiss: (id: number) => void;
};

export type ToastProviderProps = {
  children?: ReactNode;
  /** Default lifetime of a toast in milliseconds. */
  duration?: number;
  dismissLabel?: string;
};

const ToastContext = createContext<ToastApi | null>(null);

export const ToastProvider = ({
  children,
  duration = 5000,
  dismissLabel = 'Dismiss',
}: ToastProviderProps) => {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (input: ToastOptions | string) => {
      const options = typeof input === 'string' ? { message: input } : input;
      const toast: Toast = { tone: 'info', duration, ...options, id: nextId.current++ };
      setToasts((list) => [...list, toast]);
      if (toast.duration > 0)
        timers.current.set(
          toast.id,
          setTimeout(() => dismiss(toast.id), toast.duration),
        );
      return toast.id;
    },
    [dismiss, duration],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);

  // The live region is always in the page: screen readers only announce changes to a region they
  // already know about, so mounting it with the first toast would make that toast silent.
  const region = (
    <div className="op-toasts" role="region" aria-label="Notifications" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={cx('op-toast', `op-toast--${toast.tone}`)}>
          <div className="op-toast__content">
            {toast.title && <strong className="op-toast__title">{toast.title}</strong>}
            <span className="op-toast__message">{toast.message}</span>
          </div>
          <button
            type="button"
            className="op-toast__dismiss"
            aria-label={dismissLabel}
            onClick={() => dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {typeof document === 'undefined' ? null : createPortal(region, document.body)}
    </ToastContext.Provider>
  );
};

export const useToast = (): ToastApi => {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside a ToastProvider');
  return api;
};
