// Tailwind class strings the console's components share.

const focus = "focus-visible:outline-2 focus-visible:outline-offset-2";
const button = `inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium ${focus} disabled:cursor-not-allowed disabled:opacity-60`;

export const ui = {
  primary: `${button} bg-zinc-900 text-white hover:bg-zinc-700 focus-visible:outline-zinc-900`,
  secondary: `${button} border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50 focus-visible:outline-zinc-900`,
  danger: `${button} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700`,
  dangerOutline: `${button} border border-red-300 bg-white text-red-800 hover:bg-red-50 focus-visible:outline-red-700`,
  small: "px-3 py-1.5",
  link: `rounded-sm font-medium text-zinc-900 underline underline-offset-2 hover:text-zinc-600 ${focus} focus-visible:outline-zinc-900`,
  input:
    "block w-full min-w-0 rounded-md border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 placeholder:text-zinc-400 focus:border-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-zinc-900/20 read-only:bg-zinc-50 read-only:text-zinc-600 disabled:bg-zinc-50 aria-invalid:border-red-600",
  label: "block text-sm font-medium text-zinc-800",
  hint: "mt-1 text-sm text-zinc-500",
  card: "rounded-lg border border-zinc-200 bg-white p-4 shadow-sm sm:p-6",
  cardTitle: "text-base font-semibold text-zinc-900",
  // Ids, tokens and URLs may break anywhere (they have no spaces); prose only breaks between words.
  mono: "font-mono text-sm wrap-anywhere",
  badge: "inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium",
};
