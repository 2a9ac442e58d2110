import { UPLOAD_LIMITS, UPLOAD_TEXT } from "@puerta/contract";
import type { ResizeOptions } from "sharp";
import { validationFailed } from "../errors.ts";
import type { CheckedFile } from "./types.ts";

export type ImageCheckOptions = {
  /** The form field a refusal is reported on. */
  field?: string;
  /** Defaults: UPLOAD_LIMITS.image (8 MB, 40 megapixels). */
  maxBytes?: number;
  maxPixels?: number;
  /** Optional resizing of the re-encoded image (a profile photo's square, a poster's width). */
  resize?: ResizeOptions;
  /** Messages of a caller with its own wording (the profile photo's). */
  messages?: { missing?: string; invalid?: string; tooLarge?: string; tooManyPixels?: string };
};

/**
 * An image checked by content (docs/spec/back-office.md section 5): JPEG, PNG or WebP as
 * sniffed from its bytes, its dimensions read from the header and refused above `maxPixels`
 * before any pixel is decoded (a decompression bomb is never unpacked), then re-encoded as a
 * fresh WebP, so EXIF, GPS and any other metadata or trailing data are gone.
 */
export async function checkImage(bytes: Buffer, options: ImageCheckOptions = {}): Promise<CheckedFile> {
  const field = options.field ?? "file";
  const maxBytes = options.maxBytes ?? UPLOAD_LIMITS.image.maxBytes;
  const maxPixels = options.maxPixels ?? UPLOAD_LIMITS.image.maxPixels;
  const text = {
    missing: options.messages?.missing ?? UPLOAD_TEXT.missing,
    invalid: options.messages?.invalid ?? UPLOAD_TEXT.imageInvalid,
    tooLarge: options.messages?.tooLarge ?? UPLOAD_TEXT.imageTooLarge,
    tooManyPixels: options.messages?.tooManyPixels ?? UPLOAD_TEXT.imageTooManyPixels,
  };
  const refuse = (message: string) => validationFailed({ [field]: [message] });

  if (bytes.length === 0) throw refuse(text.missing);
  if (bytes.length > maxBytes) throw refuse(text.tooLarge);
  // Loaded on the first upload: libvips and its bindings weigh ~20 MB in an idle server (decision 080).
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([import("file-type"), import("sharp")]);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(UPLOAD_LIMITS.image.mimeTypes as readonly string[]).includes(detected.mime)) {
    throw refuse(text.invalid);
  }

  // Header only: metadata() reads the dimensions without decoding a pixel. sharp's own limit is
  // lifted here so that the refusal below says why (it never decodes anything in this call).
  let width = 0;
  let height = 0;
  try {
    const header = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = header.width ?? 0;
    height = header.height ?? 0;
  } catch {
    throw refuse(text.invalid);
  }
  if (width < 1 || height < 1) throw refuse(text.invalid);
  if (width * height > maxPixels) throw refuse(text.tooManyPixels);

  try {
    let pipeline = sharp(bytes, { limitInputPixels: maxPixels, failOn: "error" }).rotate();
    if (options.resize) pipeline = pipeline.resize(options.resize);
    // No withMetadata(): the output carries no EXIF, GPS, XMP or ICC comments of the input.
    const output = await pipeline.webp({ quality: 85 }).toBuffer();
    return { bytes: output, contentType: "image/webp", extension: ".webp" };
  } catch {
    // Truncated or corrupt data behind a valid header.
    throw refuse(text.invalid);
  }
}
