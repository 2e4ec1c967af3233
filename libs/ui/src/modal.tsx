import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  /** Names the dialog (aria-labelledby). */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, e.g. Cancel and Save. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Where to put focus on open; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Keeps the dialog open on Escape and backdrop clicks, e.g. while saving. */
  dismissible?: boolean;
  closeLabel?: string;
  className?: string;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const focusables = (root: HTMLElement): HTMLElement[] =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));

export const Modal = ({ open, ...props }: ModalProps) =>
  open && typeof document !== 'undefined' ? createPortal(<ModalDialog {...props} />, document.body) : null;

const ModalDialog = ({
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocus,
  dismissible = true,
  closeLabel = 'Close',
  className,
}: Omit<ModalProps, 'open'>) => {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  useEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
  });

  // Focus moves in on open and goes back to whatever opened the dialog on close.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    if (dialog) {
      const target =
        initialFocus?.current ?? focusables(dialog).find((el) => !el.dataset.modalClose) ?? dialog;
      target.focus();
    }
    return () => {
      if (opener && document.contains(opener)) opener.focus();
    };
    // Only on mount and unmount: re-running would steal focus while the user types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Escape is caught on the document so it works even when focus has left the dialog.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && dismissibleRef.current) {
        event.stopPropagation();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = focusables(dialogRef.current);
    if (items.length === 0) return event.preventDefault();
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="op-modal__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && dismissible) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx('op-modal', `op-modal--${size}`, className)}
        onKeyDown={trapTab}
      >
        <div className="op-modal__header">
          <h2 id={titleId} className="op-modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="op-modal__close"
            aria-label={closeLabel}
            data-modal-close="true"
            disabled={!dismissible}
            onClick={onClose}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {description && (
          <p id={descriptionId} className="op-modal__description">
            {description}
          </p>
        )}
        <div className="op-modal__body">{children}</div>
        {footer && <div className="op-modal__footer">{footer}</div>}
      </div>
    </div>
  );
};
