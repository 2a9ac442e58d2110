import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../src/db/schema/index.ts";
import { bearer, createTestApp, signInNewStudent, type TestApp } from "../support/app.ts";
import { multipartBody } from "../support/forms.ts";

/** A student's images are as private as the rest of their answers: no cache may keep them. */
describe("private images", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signInNewStudent(t, { acceptedPolicy: true })).token; // the photos sit behind the policy gate
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
    const form = await multipartBody({}, { field: "photo", name: "photo.png", bytes: png, type: "image/png" });
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/profile/photo",
      headers: { ...bearer(token), "content-type": form.contentType },
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(200);
    const res = await t.app.inject({ method: "GET", url: upload.json().profile_image, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});
