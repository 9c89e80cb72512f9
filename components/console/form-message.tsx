/**
 * A form's own error (one no input stands for, e.g. a plan rule), shown beside its Save button until the
 * next edit or submit. Confirmations are toasts (toaster.tsx).
 */
export function FormMessage({ error }: { error?: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {error}
    </p>
  );
}
