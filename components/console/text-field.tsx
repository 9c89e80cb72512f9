import { useId, type InputHTMLAttributes } from "react";
import { FieldError } from "./field-error";
import { ui } from "./styles";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "className" | "id"> & {
  label: string;
  hint?: string;
  /** The sentence saying what is wrong with the value; marks the input invalid and describes it. */
  error?: string;
};

/** A labelled input with an optional hint and error, both tied to it for screen readers. */
export function TextField({ label, hint, error, ...input }: Props) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <input
        id={id}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        className={`${ui.input} mt-1`}
        {...input}
      />
      <FieldError id={errorId} error={error} />
      {hint && (
        <p id={hintId} className={ui.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
