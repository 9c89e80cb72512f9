"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";

// Confirmations and failures of actions, as toasts in a corner: announced through aria-live, gone by
// themselves after a few seconds (failures stay longer), or at once with their Dismiss button.

type Tone = "success" | "error";
interface Toast {
  id: number;
  tone: Tone;
  text: string;
}

const LIFETIME_MS: Record<Tone, number> = { success: 6000, error: 12000 };

const ToastContext = createContext<((text: string, tone?: Tone) => void) | null>(null);

/** `toast("Name saved.")`, `toast(error.message, "error")`. */
export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast needs a <Toaster> above it");
  return show;
}

let nextId = 1;
const stack = "flex w-full flex-col items-center gap-2 sm:items-end";

export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback((text: string, tone: Tone = "success") => {
    const id = nextId++;
    // The same text again replaces the older one rather than stacking up.
    setToasts((all) => [...all.filter((t) => t.text !== text), { id, tone, text }].slice(-4));
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col gap-2 p-4">
        <div role="status" aria-live="polite" className={stack}>
          {toasts
            .filter((t) => t.tone === "success")
            .map((t) => (
              <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
            ))}
        </div>
        <div role="alert" aria-live="assertive" className={stack}>
          {toasts
            .filter((t) => t.tone === "error")
            .map((t) => (
              <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
            ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(id: number): void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(toast.id), LIFETIME_MS[toast.tone]);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);
  const tone =
    toast.tone === "error"
      ? "border-red-300 bg-red-50 text-red-900"
      : "border-emerald-300 bg-emerald-50 text-emerald-900";
  return (
    <div
      data-toast={toast.tone}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${tone}`}
    >
      <p className="min-w-0 flex-1 break-words">{toast.text}</p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="shrink-0 rounded-sm font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        Dismiss
      </button>
    </div>
  );
}
