import { randomUUID } from "node:crypto";

// Plain JavaScript: server.mjs (outside the bundle) and the dispatcher both use it.
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The client's X-Request-Id when it is a short plain token (safe to log and echo), else a new one.
 * @param {unknown} incoming
 * @returns {string}
 */
export function requestIdFrom(incoming) {
  return typeof incoming === "string" && CLIENT_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
