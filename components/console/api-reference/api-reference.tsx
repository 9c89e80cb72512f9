"use client";

import { useEffect, useState, useSyncExternalStore, type ComponentType } from "react";
import type { AppStore } from "redoc";
import { ui } from "@/components/console/styles";
import { redocThemes } from "./redoc-theme";

// The served OpenAPI document rendered by Redoc, loaded only on this page (a dynamic import: no other console
// page carries it). Everything it needs is in the console's bundle and the document comes from this origin, so
// the page requests nothing elsewhere; search is off because Redoc runs it in a worker made from a blob: URL,
// which the CSP's script-src refuses.

const DARK = "(prefers-color-scheme: dark)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(DARK);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * Redoc styles itself with styled-components, which add <style> elements; under the console's CSP they need
 * the page's nonce, and styled-components read it from <meta property="csp-nonce">. The nonce is the one this
 * document was served with (Next stamps it on its scripts): after a client-side navigation the current
 * request's would not match the policy in force.
 */
function shareStyleNonce() {
  if (document.head.querySelector('meta[property="csp-nonce"]')) return;
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (!nonce) return;
  const meta = document.createElement("meta");
  meta.setAttribute("property", "csp-nonce");
  meta.nonce = nonce;
  document.head.append(meta);
}

type Loaded = { View: ComponentType<{ store: AppStore }>; store: AppStore };

export function ApiReference({ documentUrl }: { documentUrl: string }) {
  // Like the rest of the console, the scheme follows the system's.
  const scheme = useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(DARK).matches ? "dark" : "light"),
    () => "light" as const,
  );
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    shareStyleNonce();
    Promise.all([
      import("redoc"),
      import("./redoc-view"),
      fetch(documentUrl).then((r) => {
        if (!r.ok) throw new Error(`${documentUrl}: ${r.status}`);
        return r.json() as Promise<object>;
      }),
    ])
      .then(([{ createStore }, { RedocView }, spec]) =>
        createStore(spec, documentUrl, {
          theme: redocThemes[scheme],
          disableSearch: true,
          nativeScrollbars: true,
          hideLoading: true,
          downloadDefinitionUrl: documentUrl,
          downloadFileName: "openapi.json",
          requiredPropsFirst: true,
          sortPropsAlphabetically: false,
          pathInMiddlePanel: true,
          jsonSampleExpandLevel: 3,
        }).then((store) => live && setLoaded({ View: RedocView, store })),
      )
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [documentUrl, scheme]);

  if (failed) {
    return (
      <p role="alert" className={`${ui.card} text-red-700`}>
        The API reference could not be loaded; the OpenAPI document is still linked above.
      </p>
    );
  }
  if (!loaded) {
    return (
      <p role="status" className="text-sm text-zinc-600">
        Loading the API reference…
      </p>
    );
  }
  const { View, store } = loaded;
  return (
    <div className="-mx-4 border-y border-zinc-200 sm:mx-0 sm:rounded-lg sm:border">
      <View store={store} />
    </div>
  );
}
