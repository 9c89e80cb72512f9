"use client";

import { useEffect } from "react";
import { useToast } from "./toaster";

/**
 * A form's own error (one no input stands for, e.g. a plan rule), shown beside its Save button until the
 * next edit or submit. A `success` text is not shown here: it becomes a toast (toaster.tsx), which clears.
 */
export function FormMessage({ error, success }: { error?: string | null; success?: string | null }) {
  const toast = useToast();
  useEffect(() => {
    if (success) toast(success);
  }, [success, toast]);
  if (!error) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  );
}
