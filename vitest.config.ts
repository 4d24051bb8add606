import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/integration/**/*.test.ts", "app/**/*.test.ts", "server/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    // Shared matchers (toHaveRedirect, toSendToast, toHaveFieldError): tests/support/matchers.ts.
    setupFiles: ["tests/support/matchers.ts"],
    testTimeout: 20_000,
    pool: "forks",
    // Every core (Vitest's default leaves one idle: a single fork on a two-core machine).
    maxWorkers: availableParallelism(),
    // Test files share their worker's loaded modules instead of loading the app again for each
    // file (a third of the run): each test makes its own database and context, and a file puts
    // back what it changes (environment, timers, mocks) in its own hooks.
    isolate: false,
    // Cookies in tests are signed with a throwaway secret (no fixed value is ever accepted).
    env: { SESSION_SECRET: `vitest-${Math.random().toString(36).slice(2)}-${Date.now()}` },
  },
});
