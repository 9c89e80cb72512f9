"use client";

import { useId, useRef, type ReactNode } from "react";
import { ui } from "./styles";

interface Props {
  /** The trigger's text, and its accessible name when `ariaLabel` is not given. */
  children: ReactNode;
  ariaLabel?: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  disabled?: boolean;
  className?: string;
}

/**
 * A button for a destructive action that asks first, in a modal <dialog>: Escape or Cancel close it, focus
 * starts on Cancel and returns to the trigger afterwards. The dialog holds no <form>: it is often rendered
 * inside a settings form, and a nested form is invalid HTML that breaks hydration (React error #418).
 */
export function ConfirmButton({
  children,
  ariaLabel,
  title,
  description,
  confirmLabel,
  onConfirm,
  disabled,
  className,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  return (
    <>
      <button
        type="button"
        aria-label={ariaLabel}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => dialog.current?.showModal()}
        className={className ?? ui.dangerOutline}
      >
        {children}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl backdrop:bg-zinc-900/40 sm:p-6 dark:backdrop:bg-black/60"
      >
        <div className="space-y-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <div id={descriptionId} className="text-sm text-zinc-700">
            {description}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" autoFocus className={ui.secondary} onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button
              type="button"
              className={ui.danger}
              onClick={() => {
                dialog.current?.close();
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
