import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** What the server uses of the site's brand content (apps/web/content/brand.json). */
export type Brand = {
  academyName: string;
  /** `#rrggbb`: the one brand colour of the app, its e-mails and its PDFs. */
  color: string;
  tagline: string;
  contactEmail: string;
  chatNumber: string;
  address: { street: string; postalCode: string; city: string; country: string };
};

let brand: Brand | undefined;

/** The brand content of the site, read once as data. */
export function brandContent(): Brand {
  brand ??= JSON.parse(
    readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../web/content/brand.json"), "utf8"),
  ) as Brand;
  return brand;
}

/** A `#rrggbb` colour as red, green and blue between 0 and 1 (for the PDFs). */
export function rgbOfHex(hex: string): { red: number; green: number; blue: number } {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return { red: ((value >> 16) & 255) / 255, green: ((value >> 8) & 255) / 255, blue: (value & 255) / 255 };
}
