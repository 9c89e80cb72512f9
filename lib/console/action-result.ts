// What every console server action returns (lib/console/action.ts), and how client code turns a failure back
// into an Error for react-query. No server imports: client components use it.

/** `field`: the input field a validation failure is about, for forms to point at. */
export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: string; field?: string };

/** A failed action as an Error; `field` is the input field it is about, when it is about one. */
export class ActionError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "ActionError";
  }
}

export async function unwrap<T>(result: Promise<ActionResult<T>>): Promise<T> {
  const r = await result;
  if (!r.ok) throw new ActionError(r.error, r.field);
  return r.data;
}
