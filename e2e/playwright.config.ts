import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { freePort } from "@puerta/api/testing";

// A free port, chosen once in the main process; workers inherit it through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "puerta-e2e-"));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: "tests",
  timeout: 60_000,
  // Two workers share two cores with the server: a page can take seconds to paint while the
  // other worker runs axe over a long page. An assertion waits up to 20 s before it fails.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    locale: "fr-FR",
    timezoneId: "Africa/Casablanca",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      testIgnore: [/gestion-inbox-policy\.spec\.ts/, /year-end\.spec\.ts/],
    },
    // Publishing a policy version makes every student accept again: that journey runs after all the others.
    {
      name: "after-policy-publication",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      testMatch: /gestion-inbox-policy\.spec\.ts/,
      dependencies: ["desktop"],
    },
    // Closing the school year makes every demo student of the current year a former student:
    // that walk comes last of all.
    {
      name: "year-end",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      testMatch: /year-end\.spec\.ts/,
      dependencies: ["after-policy-publication"],
    },
  ],
  webServer: {
    command: "node server.ts",
    url: `${baseURL}/api/captcha/challenge`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "test",
      PORT: process.env.E2E_PORT,
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      WEB_DIR: process.env.WEB_DIR ?? path.resolve(import.meta.dirname, "../apps/web/build/client"),
      APP_SECRET: "e2e-secret-e2e-secret-e2e-secret-012345",
      CAPTCHA_COST: "1",
      CAPTCHA_MAX_COUNTER: "30",
      LOGIN_LOCKOUT_SECONDS: "60",
      LOG_LEVEL: "warn",
    },
  },
});
