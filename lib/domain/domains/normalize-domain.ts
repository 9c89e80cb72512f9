// Allowed domains are stored bare: "https://www.google.com/x" -> "google.com", "https://*.firebase.com" ->
// "*.firebase.com". Ports and paths are dropped; a wildcard may lead.

const HOST = /^(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function normalizeDomain(raw: string): string | null {
  let d = raw.trim().toLowerCase();
  d = d.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  d = d.split(/[/?#]/)[0] ?? "";
  d = d
    .replace(/^[^@]*@/, "")
    .replace(/:\d+$/, "")
    .replace(/\.$/, "");
  d = d.replace(/^www\./, "");
  return d.length <= 253 && HOST.test(d) ? d : null;
}

export const LOCALHOST_DOMAINS = ["localhost", "127.0.0.1"];
