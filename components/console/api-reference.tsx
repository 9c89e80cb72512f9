"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import { useSyncExternalStore } from "react";

// The served OpenAPI document rendered by Scalar, self-hosted: its scripts and stylesheet are part of the
// console's bundle, and everything that would reach a Scalar service (default fonts, telemetry, the API client
// and its proxy, the agent, MCP, developer tools) is off, so the page requests nothing outside this origin.

const DARK = "(prefers-color-scheme: dark)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(DARK);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

export function ApiReference({ documentUrl }: { documentUrl: string }) {
  // Like the rest of the console, the scheme follows the system's.
  const dark = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DARK).matches,
    () => false,
  );
  return (
    <div className="-mx-4 sm:-mx-6">
      <ApiReferenceReact
        configuration={{
          url: documentUrl,
          withDefaultFonts: false,
          telemetry: false,
          hideClientButton: true,
          hideTestRequestButton: true,
          hideDarkModeToggle: true,
          forceDarkModeState: dark ? "dark" : "light",
          showDeveloperTools: "never",
          agent: { disabled: true },
          mcp: { disabled: true },
          documentDownloadType: "json",
        }}
      />
    </div>
  );
}
