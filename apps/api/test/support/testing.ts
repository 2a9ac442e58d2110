/** `@puerta/api/testing`: the test data factories and tools e2e/ and scripts/ share with the API tests. */
export * from "./factories.ts";
export * from "./staff-factories.ts";
export { freePort, solveCaptchaChallenge } from "./tools.ts";
