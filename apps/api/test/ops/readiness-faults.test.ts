/**
 * /readyz leaves its cached "ready" as soon as a request meets a fault of a dependency (decision
 * 107): a node that fails its requests leaves the rotation at once, not seconds later. The fault
 * is real: the S3-compatible storage (s3rver) stopped under the running app.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bearer, createTestApp } from "../support/app.ts";
import { acceptCurrentPolicy, createAccessToken, createStudent } from "../support/factories.ts";
import { startS3Server } from "../support/s3-server.ts";

describe("readiness after a fault seen by a request", () => {
  it("answers /readyz 503 right after a request got 503 from the storage, where it had just said 200", async () => {
    const s3 = await startS3Server();
    const t = await createTestApp({ seed: false, env: s3.env });
    try {
      const student = await createStudent(t.database.db);
      await acceptCurrentPolicy(t.database.db, student.userId);
      const token = await createAccessToken(t.database.db, student.userId);
      const upload = async () => {
        const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#2471a3" } })
          .png()
          .toBuffer();
        const form = new FormData();
        form.append("photo", new Blob([new Uint8Array(png)], { type: "image/png" }), "moi.png");
        const request = new Request("http://localhost/", { method: "POST", body: form });
        return t.app.inject({
          method: "POST",
          url: "/api/profile/photo",
          headers: { ...bearer(token), "content-type": request.headers.get("content-type") ?? "" },
          payload: Buffer.from(await request.arrayBuffer()),
        });
      };
      const readyz = async () => (await t.app.inject({ method: "GET", url: "/readyz" })).statusCode;

      expect(await readyz()).toBe(200);
      await s3.stop();
      expect((await upload()).statusCode).toBe(503);
      // At once: not the "ready" cached a moment ago.
      expect(await readyz()).toBe(503);
    } finally {
      await t.close();
    }
  }, 60_000);
});
