// Text from outside (a webhook receiver's answer, a provider's error, a model's output, an exception's message)
// as PostgreSQL can store it: PostgreSQL refuses NUL in text, and a lone UTF-16 surrogate is no character. Both
// become U+FFFD, the replacement character. Every such text goes through here before it is written.

const NUL = /\u0000/g;

/** Whether PostgreSQL can store `text` as it is: no NUL, no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && text.isWellFormed();
}

/** `text` made storable; with `maxChars`, cut to at most that many UTF-16 units without splitting a pair. */
export function storableText(text: string, maxChars?: number): string {
  let cut = text;
  if (maxChars !== undefined && cut.length > maxChars) {
    const end = /[\ud800-\udbff]/.test(cut[maxChars - 1] ?? "") ? maxChars - 1 : maxChars;
    cut = cut.slice(0, end);
  }
  return cut.replace(NUL, "\ufffd").toWellFormed();
}

/** An error's message, storable, at most `maxChars` long. */
export function storableError(e: unknown, maxChars = 2000): string {
  return storableText(e instanceof Error ? e.message : String(e), maxChars);
}
