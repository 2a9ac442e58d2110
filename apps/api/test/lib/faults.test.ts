import { open } from "node:fs/promises";
import { MESSAGES } from "@puerta/contract";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { faultOf, rootReason, StorageUnavailableError } from "../../src/lib/faults.ts";
import { freePort } from "../support/tools.ts";

/** The error a real call makes, caught. */
const caught = async (work: () => Promise<unknown>) =>
  work().then(
    () => undefined,
    (error: unknown) => error,
  );

describe("faults told apart from bugs (lib/faults.ts)", () => {
  it("reads a PostgreSQL that cannot be reached as unavailable, even wrapped by drizzle", async () => {
    const port = await freePort(); // nobody listens there
    const refused = await caught(async () => {
      const client = new pg.Client({ connectionString: `postgres://x@127.0.0.1:${port}/x` });
      await client.connect();
    });
    expect(faultOf(refused)).toBe("unavailable");
    const wrapped = new DrizzleQueryError("select 1", [], refused as Error);
    expect(faultOf(wrapped)).toBe("unavailable");
    expect(rootReason(wrapped)).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`);
    expect(faultOf(new StorageUnavailableError(new Error("socket hang up")))).toBe("unavailable");
  });

  it("reads ENOSPC (a real write to /dev/full) and PostgreSQL's disk_full as a full disk", async () => {
    const full = await caught(async () => {
      const handle = await open("/dev/full", "w");
      try {
        await handle.write(Buffer.alloc(1024));
      } finally {
        await handle.close();
      }
    });
    expect((full as NodeJS.ErrnoException).code).toBe("ENOSPC");
    expect(faultOf(full)).toBe("disk-full");
    expect(faultOf(Object.assign(new Error("could not extend file"), { code: "53100" }))).toBe("disk-full");
  });

  it("leaves errors of ours, and a constraint the database enforces, to the 500 / their own handling", () => {
    expect(faultOf(new Error(MESSAGES.serverError))).toBeUndefined();
    expect(faultOf(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBeUndefined();
    expect(faultOf(undefined)).toBeUndefined();
  });
});
