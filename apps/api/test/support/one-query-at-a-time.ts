/**
 * Fails a test file whose code sends a PostgreSQL connection a query while another is running on
 * it (queries at once in a transaction): node-postgres queues them with a deprecation warning, and
 * pg 9 will refuse them. Node gives that warning once per process, so it fails the first file
 * that meets it in each test worker.
 */
import { afterAll, expect } from "vitest";

const overlapping: string[] = [];
const onWarning = (warning: Error) => {
  if (warning.name === "DeprecationWarning" && warning.message.includes("already executing a query")) {
    overlapping.push(warning.message);
  }
};
process.on("warning", onWarning);

afterAll(() => {
  process.off("warning", onWarning);
  expect(overlapping, "queries sent at once on one PostgreSQL connection").toEqual([]);
});
