import { defineConfig, devices } from "@playwright/test";
import { BASE_URL, e2eDataDir, OPERATOR_EMAIL, PORT } from "./e2e/support";

// End-to-end tests against the built server (`node server.mjs`, no build: scripts/e2e.mjs builds first) on
// a fresh embedded database. The browser is Debian's chromium (scripts/install-chromium.sh); Playwright's
// own browser download is not reachable from the build machines.

const dataDir = e2eDataDir();
// Always the embedded database, whatever the calling shell points at.
delete process.env.DATABASE_URL;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  // One server, one embedded database: the specs run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    // The console's copy buttons write to the clipboard.
    permissions: ["clipboard-read", "clipboard-write"],
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node server.mjs",
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      WEFT_SKIP_BUILD: "true",
      PORT: String(PORT),
      HOSTNAME: "localhost",
      WEFT_PUBLIC_URL: BASE_URL,
      WEFT_DATA_DIR: dataDir,
      // Mail must land in the dev outbox, where the specs read the links.
      WEFT_SENDGRID_API_KEY: "",
      WEFT_RATE_LIMIT_LOGIN_LINK: "100/3600",
      WEFT_RATE_LIMIT_CREATE_WORKSPACE: "100/3600",
      WEFT_ADMIN_EMAILS: OPERATOR_EMAIL,
      NEXTAUTH_URL: BASE_URL,
      // The webhook spec delivers to a receiver it starts on 127.0.0.1.
      WEFT_ALLOW_PRIVATE_URLS: "true",
    },
  },
});
