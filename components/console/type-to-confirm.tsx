"use client";

import { useId, useRef, useState, type ReactNode } from "react";
import { ui } from "./styles";

/**
 * A destructive action confirmed by typing `name` in a modal <dialog>: the confirm button stays disabled until
 * the text matches exactly. `onConfirm` runs with the typed text (the server checks it again).
 */
export function TypeToConfirm({
  children,
  title,
  description,
  name,
  confirmLabel,
  busy,
  error,
  onConfirm,
}: {
  children: ReactNode;
  title: string;
  description: ReactNode;
  name: string;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm(typed: string): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [typed, setTyped] = useState("");
  const ids = { title: useId(), description: useId(), input: useId(), error: useId() };
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className={ui.dangerOutline}
        disabled={busy}
        onClick={() => {
          setTyped("");
          dialog.current?.showModal();
        }}
      >
        {children}
      </button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <dialog
        ref={dialog}
        aria-labelledby={ids.title}
        aria-describedby={ids.description}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl backdrop:bg-zinc-900/40 sm:p-6"
      >
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (typed !== name) return;
            dialog.current?.close();
            onConfirm(typed);
          }}
        >
          <h2 id={ids.title} className="text-lg font-semibold">
            {title}
          </h2>
          <div id={ids.description} className="space-y-2 text-sm text-zinc-700">
            {description}
          </div>
          <div>
            <label htmlFor={ids.input} className={ui.label}>
              Type <strong className="font-mono wrap-anywhere">{name}</strong> to confirm
            </label>
            <input
              id={ids.input}
              className={`${ui.input} mt-1`}
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" autoFocus className={ui.secondary} onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className={ui.danger} disabled={typed !== name}>
              {confirmLabel}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
