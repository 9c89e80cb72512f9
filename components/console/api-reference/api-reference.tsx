"use client";

import Link from "next/link";
import { useEffect, useState, type ComponentType } from "react";
import type { AppStore } from "redoc";
import { ui } from "@/components/console/styles";
import { redocTheme } from "./redoc-theme";

// The served OpenAPI document rendered by Redoc, loaded only on this page (a dynamic import: no other console
// page carries it). Everything it needs is in the console's bundle and the document comes from this origin, so
// the page requests nothing elsewhere; search is off because Redoc runs it in a worker made from a blob: URL,
// which the CSP's script-src refuses. One area of the API at a time (the path's segment after the version, v1
// and v2 together): Redoc renders every operation it is given, and all 165 at once made a page 330,000 px tall
// with 55,000 elements that took 20 s to render.

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

type Loaded = {
  View: ComponentType<{ store: AppStore }>;
  store: AppStore;
  areas: string[];
  area: string;
  description?: string;
};

interface OpenApiDocument {
  info: { description?: string };
  paths: Record<string, unknown>;
}

/** "/v2/users/get" → "users". */
function areaOf(path: string): string {
  return path.split("/")[2] ?? "";
}

/** The document with only `area`'s operations (its components stay: they are referenced by name). */
function onlyArea(document: OpenApiDocument, area: string): OpenApiDocument {
  return { ...document, paths: Object.fromEntries(Object.entries(document.paths).filter(([p]) => areaOf(p) === area)) };
}

export function ApiReference({ documentUrl, area: wanted }: { documentUrl: string; area?: string }) {
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
        return r.json() as Promise<OpenApiDocument>;
      }),
    ])
      .then(([{ createStore }, { RedocView }, document]) => {
        const areas = [...new Set(Object.keys(document.paths).map(areaOf))].sort();
        const area = wanted && areas.includes(wanted) ? wanted : areas[0];
        return createStore(onlyArea(document, area), documentUrl, {
          theme: redocTheme,
          disableSearch: true,
          nativeScrollbars: true,
          hideLoading: true,
          requiredPropsFirst: true,
          sortPropsAlphabetically: false,
          pathInMiddlePanel: true,
          jsonSampleExpandLevel: 2,
        }).then(
          (store) => live && setLoaded({ View: RedocView, store, areas, area, description: document.info.description }),
        );
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [documentUrl, wanted]);

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
  const { View, store, areas, area, description } = loaded;
  return (
    <>
      {description && <p className="mb-4 max-w-3xl text-sm text-zinc-700">{description}</p>}
      <nav aria-label="API areas" className="mb-4">
        <ul className="flex flex-wrap gap-1">
          {areas.map((a) => (
            <li key={a}>
              <Link
                href={`/api-reference?area=${encodeURIComponent(a)}`}
                aria-current={a === area ? "page" : undefined}
                className="rounded-md border border-zinc-200 px-2.5 py-1 font-mono text-sm text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-zinc-900 aria-[current=page]:border-zinc-900 aria-[current=page]:bg-zinc-900 aria-[current=page]:text-white"
              >
                {a}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* Light in both schemes: Redoc hard-codes a few colours for a light page (its section labels, the
          selected sample tab, the content type), which a dark theme would leave unreadable. */}
      <div className="-mx-4 border-y border-zinc-200 bg-[#ffffff] text-[#18181b] [color-scheme:light] sm:mx-0 sm:rounded-lg sm:border">
        <View key={area} store={store} />
      </div>
    </>
  );
}
