import { defineConfig } from "vitest/config";

// One runner for the repository's lint rules, the contract's rules, the API against a real database, and the web's components.
export default defineConfig({
  test: {
    // Files and the tests inside them run in a random order (the seed is printed; replay one with
    // --sequence.seed=N): a test that needs another one's writes fails at once instead of one day.
    sequence: { shuffle: true },
    // Vitest's default is one worker fewer than the cores: one on CI's two cores, where a test
    // file is one thread (PGlite, Fastify and the test share it) and the other core sat idle.
    maxWorkers: "100%",
    projects: [
      { test: { name: "contract", root: "packages/contract", include: ["test/**/*.test.ts"], environment: "node" } },
      // The repository's own rules (lint boundaries): scripts/test.
      {
        test: {
          name: "repo",
          root: "scripts",
          include: ["test/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "api",
          root: "apps/api",
          include: ["test/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          // A file's beforeAll builds a real app on a fresh, seeded database and signs its people
          // in (argon2, TOTP): past a minute on a 2-core machine that runs other suites at once.
          hookTimeout: 120_000,
          // One database migrated once per run, which each test app starts as a copy of.
          globalSetup: ["test/support/migrated-template.ts"],
          setupFiles: ["test/support/one-query-at-a-time.ts"],
        },
      },
      {
        test: {
          name: "web",
          root: "apps/web",
          include: ["**/*.test.{ts,tsx}"],
          exclude: ["node_modules/**", "build/**"],
          environment: "jsdom",
          // One jsdom per worker, each file in its own VM context (still isolated): a jsdom per
          // file was 44 % of this project's time.
          pool: "vmThreads",
          setupFiles: ["./test/setup.ts"],
        },
      },
    ],
  },
});
