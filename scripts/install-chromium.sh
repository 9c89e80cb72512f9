#!/bin/sh
# The e2e browser: Debian's chromium package (Playwright drives it through launchOptions.executablePath).
# Never `npx playwright install`: it downloads from the internet, which the build machines cannot reach.
# Idempotent: does nothing when the browser is already there.
set -eu

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "install-chromium: $CHROMIUM is missing and this is not root, so it cannot be installed here." >&2
  echo "  Install it as root:  apt-get update && apt-get install -y --no-install-recommends chromium" >&2
  echo "  or point CHROMIUM_PATH at an existing Chromium/Chrome binary." >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-chromium: $CHROMIUM is missing and apt-get is not available; install Chromium and set CHROMIUM_PATH." >&2
  exit 1
fi

echo "install-chromium: installing Debian's chromium (apt-get) ..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium >/dev/null

if [ ! -x "$CHROMIUM" ]; then
  echo "install-chromium: apt-get finished but $CHROMIUM is still missing; set CHROMIUM_PATH to the installed binary." >&2
  exit 1
fi
echo "install-chromium: $("$CHROMIUM" --version 2>/dev/null || echo installed)"
