"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { ActionError, unwrap, type ActionResult } from "@/lib/console/action-result";
import { check } from "@/lib/console/validate";

/**
 * A form's mutation: validates with the schema the server action parses with (same messages as the REST
 * API), then calls the action. `error` is the client's or the server's message, for showing inline; `field` the
 * input field it is about, when it is about one (for aria-invalid).
 */
export function useCheckedMutation<S extends z.ZodType, R>(
  schema: S,
  action: (input: z.input<S>) => Promise<ActionResult<R>>,
  onSuccess?: (data: R, input: z.output<S>) => unknown,
) {
  const [invalid, setInvalid] = useState<{ error: string; field?: string } | null>(null);
  const mutation = useMutation({
    // The parsed value is what the server parses again (defaults filled in, which it accepts as input).
    mutationFn: (input: z.output<S>) => unwrap(action(input as z.input<S>)),
    onSuccess,
  });
  return {
    submit(values: unknown) {
      const checked = check(schema, values);
      setInvalid(checked.ok ? null : { error: checked.error, field: checked.field });
      if (checked.ok) mutation.mutate(checked.data);
      else mutation.reset();
    },
    error: invalid?.error ?? mutation.error?.message ?? null,
    field: invalid ? invalid.field : mutation.error instanceof ActionError ? mutation.error.field : undefined,
    pending: mutation.isPending,
    data: mutation.data,
    succeeded: mutation.isSuccess,
  };
}
