import { useId, type InputHTMLAttributes } from "react";
import { ui } from "./styles";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "className" | "id"> & {
  label: string;
  hint?: string;
  invalid?: boolean;
};

/** A labelled input with an optional hint tied to it for screen readers. */
export function TextField({ label, hint, invalid, ...input }: Props) {
  const id = useId();
  const hintId = useId();
  return (
    <div>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <input
        id={id}
        aria-describedby={hint ? hintId : undefined}
        aria-invalid={invalid || undefined}
        className={`${ui.input} mt-1`}
        {...input}
      />
      {hint && (
        <p id={hintId} className={ui.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
