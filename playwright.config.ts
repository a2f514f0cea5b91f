import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// E2E_PORT lets several working copies on one machine run their journeys side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
const CI = Boolean(process.env.CI);

// Workers re-evaluate this file; the environment they inherit keeps them on the runner's one folder.
// The server creates the folder itself, so nothing is created or deleted here.
process.env.PAPERBOY_E2E_DATA_DIR ??= path.join(tmpdir(), `paperboy-e2e-${Date.now()}-${process.pid}`);

// The journeys' stand-in for a sender's image server: a fixed loopback port beside the app's, so copies
// side by side do not collide, let through the server's guarded fetch (docs/contract.md 6.1) and nothing else.
process.env.E2E_IMAGE_PORT ??= String(PORT + 1000);
// A loopback port where journeys stand up a newsletter's sender; the server may reach it (FETCH_ALLOW_HOSTS).
process.env.E2E_SENDER_PORT ??= String(PORT + 2000);
// A loopback port where the mailbox journey's IMAP server answers; the server may connect to it (docs/contract.md 7.1).
process.env.E2E_IMAP_PORT ??= String(PORT + 3000);
// A loopback port where the webhooks journey's receiver listens; the server may POST to it (docs/contract.md 7.6).
process.env.E2E_WEBHOOK_PORT ??= String(PORT + 4000);
// A loopback port where the followed-feeds journey serves a blog and its feed; the server may fetch it (docs/contract.md 8.5).
process.env.E2E_FEED_PORT ??= String(PORT + 6000);
// The DNS server sender authentication asks (a UDP port on loopback): journeys never ask the world's DNS.
process.env.E2E_DNS_PORT ??= String(PORT + 5000);

const serverEnv: Record<string, string> = {
  PORT: String(PORT),
  APP_URL: baseURL,
  // A client id makes the Google button try to load Google's SDK, whose failure the suite checks.
  GOOGLE_CLIENT_ID: process.env.GOOGLE_CLIENT_ID ?? "paperboy-e2e.apps.googleusercontent.com",
  // The reading journeys deliver their issues through the raw inbound webhook.
  INBOUND_SECRET: "e2e-inbound-secret",
  DNS_RESOLVER: `127.0.0.1:${process.env.E2E_DNS_PORT}`,
  FETCH_ALLOW_HOSTS: `127.0.0.1:${process.env.E2E_IMAGE_PORT},127.0.0.1:${process.env.E2E_SENDER_PORT},127.0.0.1:${process.env.E2E_IMAP_PORT},127.0.0.1:${process.env.E2E_WEBHOOK_PORT},127.0.0.1:${process.env.E2E_FEED_PORT}`,
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : { DATA_DIR: process.env.PAPERBOY_E2E_DATA_DIR }),
};

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  // .ci/run asks for a JSON report beside the list, for its list of the slowest files (scripts/slowest-tests.ts).
  reporter: process.env.TEST_REPORT_DIR
    ? [["list"], ["json", { outputFile: path.join(process.env.TEST_REPORT_DIR, "playwright.json") }]]
    : "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Recording a trace (a screencast and a DOM snapshot at every step) took a third of the journeys' time on a 2-core
    // machine. CI records one when it retries a failed journey, beside the failure's own screenshot and page snapshot.
    trace: CI ? "on-first-retry" : "retain-on-failure",
    // Each journey opens a fresh context, where the service worker would install and fetch the whole build
    // again; pwa.spec.ts, which tests the worker, allows it.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `${baseURL}/api/health`,
    env: serverEnv,
    reuseExistingServer: !CI,
    timeout: 600_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
