import { PROFILE_TEXT } from "@puerta/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signInNewStudent, type TestApp } from "../support/app.ts";
import { multipartBody } from "../support/forms.ts";

/** The profile page's form: the photo, or (none chosen) another field alone. */
const multipart = (file: { name: string; type: string; bytes: Buffer } | null) =>
  file ? multipartBody({}, { ...file, field: "photo" }) : multipartBody({ note: "pas de fichier" });

const image = (width: number, height: number, format: "png" | "jpeg" | "webp") =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 16, b: 46 } } })
    .toFormat(format)
    .toBuffer();

describe("profile photo", () => {
  let t: TestApp;
  let first: string;
  let second: string;

  const upload = async (token: string, file: { name: string; type: string; bytes: Buffer } | null) => {
    const body = await multipart(file);
    return t.app.inject({
      method: "POST",
      url: "/api/profile/photo",
      headers: { ...bearer(token), "content-type": body.contentType },
      payload: body.payload,
    });
  };
  const getPhoto = (token: string) =>
    t.app.inject({ method: "GET", url: "/api/profile/photo", headers: bearer(token) });
  const profileImage = async (token: string) =>
    (await t.app.inject({ method: "GET", url: "/api/user", headers: bearer(token) })).json().etudiant.profile_image;

  beforeAll(async () => {
    t = await createTestApp();
    // /profile is behind the policy gate: both students past it.
    first = (await signInNewStudent(t, { acceptedPolicy: true })).token;
    second = (await signInNewStudent(t, { acceptedPolicy: true })).token;
  });
  afterAll(() => t.close());

  it("requires a bearer token", async () => {
    const body = await multipart({ name: "a.png", type: "image/png", bytes: await image(10, 10, "png") });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/profile/photo",
      headers: { "content-type": body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/profile/photo" })).statusCode).toBe(401);
  });

  it.each(["png", "jpeg", "webp"] as const)(
    "accepts a %s, re-encodes it and serves it to its owner only",
    async (format) => {
      const response = await upload(first, {
        name: `moi.${format}`,
        type: `image/${format}`,
        bytes: await image(900, 600, format),
      });
      expect(response.statusCode).toBe(200);
      const { profile_image, message } = response.json();
      expect(message).toBe(PROFILE_TEXT.photoSaved);
      expect(profile_image).toMatch(/^\/api\/profile\/photo\?v=[\w-]+$/);
      expect(await profileImage(first)).toBe(profile_image);

      const photo = await getPhoto(first);
      expect(photo.statusCode).toBe(200);
      expect(photo.headers["content-type"]).toBe("image/webp");
      expect(photo.headers["x-content-type-options"]).toBe("nosniff");
      const meta = await sharp(photo.rawPayload).metadata();
      expect(meta.format).toBe("webp");
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(512);

      // The other student has no photo, and cannot reach this one.
      expect((await getPhoto(second)).statusCode).toBe(404);
    },
  );

  it("gives each upload a new URL", async () => {
    const a = (await upload(first, { name: "a.png", type: "image/png", bytes: await image(40, 40, "png") })).json();
    const b = (await upload(first, { name: "b.png", type: "image/png", bytes: await image(50, 50, "png") })).json();
    expect(a.profile_image).not.toBe(b.profile_image);
    expect(await profileImage(first)).toBe(b.profile_image);
    expect((await getPhoto(first)).statusCode).toBe(200);
  });

  const refusals: Array<[string, () => Promise<{ name: string; type: string; bytes: Buffer } | null>, string]> = [
    [
      "a text file",
      async () => ({ name: "notes.txt", type: "text/plain", bytes: Buffer.from("bonjour") }),
      PROFILE_TEXT.photoInvalid,
    ],
    [
      "a text file disguised as a PNG",
      async () => ({ name: "photo.png", type: "image/png", bytes: Buffer.from("pas une image du tout") }),
      PROFILE_TEXT.photoInvalid,
    ],
    [
      "a PDF named .jpg",
      async () => ({
        name: "photo.jpg",
        type: "image/jpeg",
        bytes: Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n"),
      }),
      PROFILE_TEXT.photoInvalid,
    ],
    [
      "an SVG (scripts inside images are not accepted)",
      async () => ({
        name: "photo.svg",
        type: "image/svg+xml",
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      }),
      PROFILE_TEXT.photoInvalid,
    ],
    [
      "a GIF",
      async () => ({
        name: "photo.gif",
        type: "image/gif",
        bytes: await sharp({ create: { width: 4, height: 4, channels: 3, background: "red" } })
          .gif()
          .toBuffer(),
      }),
      PROFILE_TEXT.photoInvalid,
    ],
    [
      "a truncated PNG",
      async () => ({ name: "photo.png", type: "image/png", bytes: (await image(300, 300, "png")).subarray(0, 60) }),
      PROFILE_TEXT.photoInvalid,
    ],
    [
      "an image over 2 MB",
      async () => {
        const noise = Buffer.alloc(1200 * 1200 * 3);
        for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
        const bytes = await sharp(noise, { raw: { width: 1200, height: 1200, channels: 3 } })
          .png({ compressionLevel: 0 })
          .toBuffer();
        expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024);
        return { name: "grande.png", type: "image/png", bytes };
      },
      PROFILE_TEXT.photoTooLarge,
    ],
    ["no file at all", async () => null, PROFILE_TEXT.photoMissing],
    [
      "an empty file",
      async () => ({ name: "vide.png", type: "image/png", bytes: Buffer.alloc(0) }),
      PROFILE_TEXT.photoMissing,
    ],
  ];

  it.each(refusals)("refuses %s with a French 422 and keeps the current photo", async (_label, make, message) => {
    const before = await profileImage(second);
    const response = await upload(second, await make());
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message, errors: { photo: [message] } });
    expect(await profileImage(second)).toBe(before);
  });

  it("refuses a JSON body", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/profile/photo",
      headers: bearer(second),
      payload: { photo: "data:image/png;base64,AAAA" },
    });
    expect(response.statusCode).toBe(415);
  });
});
