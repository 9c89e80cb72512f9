/** Whether `s` is an absolute http(s) URL (WHATWG parsing: an http(s) URL always has a host). */
export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}
