import type { RedocRawOptions } from "redoc";

type ThemeInterface = NonNullable<RedocRawOptions["theme"]>;

// Redoc in the console's look: its fonts (Redoc's own default, Roboto and Montserrat, would come from Google
// Fonts, which the CSP refuses) and its zinc greys. Redoc derives shades from these with `polished`, so they
// are real colours, not the console's CSS variables. One light theme in both colour schemes (api-reference.tsx).

const sans = "var(--font-geist-sans), ui-sans-serif, system-ui, sans-serif";
const mono = "var(--font-geist-mono), ui-monospace, monospace";

interface Palette {
  surface: string;
  tint: string;
  text: string;
  muted: string;
  border: string;
  link: string;
  code: string;
  codeBackground: string;
  panel: string;
  success: string;
  error: string;
}

const light: Palette = {
  surface: "#ffffff",
  tint: "#f4f4f5",
  text: "#18181b",
  muted: "#52525b",
  border: "rgba(0, 0, 0, 0.12)",
  link: "#3730a3",
  code: "#9f1239",
  codeBackground: "rgba(0, 0, 0, 0.05)",
  panel: "#27272a",
  success: "#166534",
  error: "#b91c1c",
};

function themeFor(p: Palette): ThemeInterface {
  return {
    // Redoc picks its layout by the viewport's width, but it sits in the console's main column (72rem at most):
    // its third column of samples would not fit beside the text, so they go under each operation at any width.
    breakpoints: { medium: "10000px", large: "10000px" },
    colors: {
      primary: { main: p.link },
      success: { main: p.success },
      error: { main: p.error },
      gray: { 50: p.tint, 100: p.tint },
      border: { dark: p.border, light: p.surface },
      text: { primary: p.text, secondary: p.muted },
      responses: {
        success: { color: p.success, backgroundColor: p.codeBackground, tabTextColor: "#86efac" },
        error: { color: p.error, backgroundColor: p.codeBackground, tabTextColor: "#fca5a5" },
        redirect: { color: p.muted, backgroundColor: p.codeBackground, tabTextColor: "#fde68a" },
        info: { color: p.muted, backgroundColor: p.codeBackground, tabTextColor: "#93c5fd" },
      },
    },
    schema: {
      linesColor: p.border,
      typeNameColor: p.muted,
      typeTitleColor: p.muted,
      requireLabelColor: p.error,
      nestedBackground: p.tint,
      arrow: { color: p.muted },
    },
    typography: {
      fontFamily: sans,
      headings: { fontFamily: sans, fontWeight: "600" },
      code: { fontFamily: mono, color: p.code, backgroundColor: p.codeBackground },
      links: { color: p.link, visited: p.link, hover: p.text },
    },
    sidebar: {
      backgroundColor: p.surface,
      textColor: p.text,
      activeTextColor: p.link,
      arrow: { color: p.muted },
    },
    rightPanel: { backgroundColor: p.panel, textColor: "#fafafa" },
    codeBlock: { backgroundColor: "#18181b" },
    fab: { backgroundColor: p.tint, color: p.text },
  };
}

export const redocTheme = themeFor(light);
