"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { ActionError, unwrap, type ActionResult } from "@/lib/console/action-result";
import { checkForm, NO_ERRORS, serverErrors, type FieldLabels, type FormErrors } from "@/lib/console/field-errors";

/**
 * A form's mutation: validates in the browser with the schema the server action parses with, then calls the
 * action. Failures, the browser's or the server's, become sentences at the inputs named in `labels`
 * (`errorFor(path)`, for TextField's `error`) and otherwise one form-level `error`; editing an input clears
 * its sentence (`edited(path)`), the next submit clears everything.
 */
export function useCheckedMutation<S extends z.ZodType, R>(
  schema: S,
  action: (input: z.input<S>) => Promise<ActionResult<R>>,
  onSuccess?: (data: R, input: z.output<S>) => unknown,
  labels: FieldLabels = {},
) {
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const mutation = useMutation({
    // The parsed value is what the server parses again (defaults filled in, which it accepts as input).
    mutationFn: (input: z.output<S>) => unwrap(action(input as z.input<S>)),
    onSuccess,
    onError: (e) => setErrors(serverErrors(e.message, e instanceof ActionError ? e.field : undefined, labels)),
  });
  return {
    submit(values: unknown) {
      const checked = checkForm(schema, values, labels);
      setErrors(checked.ok ? NO_ERRORS : checked.errors);
      if (checked.ok) mutation.mutate(checked.data);
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
