import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../src/db/schema/index.ts";
import { acceptPolicyAs, bearer, createTestApp, DEMO_STUDENTS, login, type TestApp } from "../support/app.ts";

/** A student's images are as private as the rest of their answers: no cache may keep them. */
describe("private images", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    await acceptPolicyAs(t, DEMO_STUDENTS.first); // the photos sit behind the policy gate
    token = await login(t.app, DEMO_STUDENTS.first);
  });
  afterAll(() => t.close());

  it("serves a notification's photo with Cache-Control: no-store", async () => {
    const [withPhoto] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.typeDestinataire, "tous"))
      .then((rows) => rows.filter((n) => n.photoKey));
    if (!withPhoto) throw new Error("the seed should have a photo for everyone");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/notifications/${withPhoto.id}/photo`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("serves the profile photo with Cache-Control: no-store", async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#c8102e" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(png)], { type: "image/png" }), "photo.png");
    const request = new Request("http://localhost/", { method: "POST", body: form });
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/profile/photo",
      headers: { ...bearer(token), "content-type": request.headers.get("content-type") ?? "" },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(upload.statusCode).toBe(200);
    const res = await t.app.inject({ method: "GET", url: upload.json().profile_image, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});
