// Short notices ("Užklausa išsiųsta") in a polite live region; each hides after 5,000 ms
// (SPEC section 9) or when closed.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

export const TOAST_HIDE_MS = 5_000;

export type ToastTone = "success" | "error" | "info";

interface Toast {
  id: number;
  tone: ToastTone;
  text: string;
}

interface ToastApi {
  notify(text: string, tone?: ToastTone): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** notify(): a no-op outside the provider (a server render has no toasts). */
export function useToast(): ToastApi {
  return useContext(ToastContext) ?? { notify: () => {} };
}

function ToastItem({ toast, onClose }: { toast: Toast; onClose: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), TOAST_HIDE_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onClose]);
  return (
    <li className={`toast toast--${toast.tone}`}>
      <span>{toast.text}</span>
      <button type="button" className="toast__close" aria-label="Uždaryti pranešimą" onClick={() => onClose(toast.id)}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const close = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const api = useMemo<ToastApi>(
    () => ({
      notify(text, tone = "success") {
        const id = nextId.current++;
        // At most three at once: the oldest gives way.
        setToasts((list) => [...list.slice(-2), { id, tone, text }]);
      },
    }),
    [],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        <ul className="toasts__list">
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onClose={close} />
          ))}
        </ul>
      </div>
    </ToastContext.Provider>
  );
}
