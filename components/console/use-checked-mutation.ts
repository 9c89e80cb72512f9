"use client";

import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import {
  checkForm,
  errorField,
  NO_ERRORS,
  serverErrors,
  type FieldLabels,
  type FormErrors,
} from "@/lib/console/field-errors";

/**
 * A form's mutation: validates in the browser with the schema the procedure parses with, then runs the
 * procedure (`options`: `trpc.<path>.mutationOptions(...)`) with `toInput(parsed)`. Failures, the browser's or
 * the server's, become sentences at the inputs named in `labels` (`errorFor(path)`, for TextField's `error`) and
 * otherwise one form-level `error`; editing an input clears its sentence (`edited(path)`), the next submit
 * clears everything.
 */
export function useCheckedMutation<S extends z.ZodType, TData, TError, TInput>(
  schema: S,
  options: UseMutationOptions<TData, TError, TInput>,
  toInput: (parsed: z.output<S>) => TInput,
  labels: FieldLabels = {},
) {
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const mutation = useMutation({
    ...options,
    onError: (e, ...rest) => {
      setErrors(serverErrors(e instanceof Error ? e.message : String(e), errorField(e), labels));
      return options.onError?.(e, ...rest);
    },
  });
  return {
    submit(values: unknown) {
      const checked = checkForm(schema, values, labels);
      setErrors(checked.ok ? NO_ERRORS : checked.errors);
      // The parsed value is what the server parses again (defaults filled in, which it accepts as input).
      if (checked.ok) mutation.mutate(toInput(checked.data));
      else mutation.reset();
    },
    /** The form-level message: what no labelled input stands for. */
    error: errors.form,
    errorFor: (path: string): string | undefined => errors.fields[path],
    /** Clears an input's sentence (and the form's message) once the user changes it. */
    edited(path: string) {
      if (errors.fields[path] !== undefined || errors.form !== null) {
        const { [path]: _cleared, ...rest } = errors.fields;
        setErrors({ fields: rest, form: null });
      }
    },
    pending: mutation.isPending,
    data: mutation.data,
    succeeded: mutation.isSuccess,
  };
}
