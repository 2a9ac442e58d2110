import brandJson from "./brand.json" with { type: "json" };
import type { Brand } from "./schema.ts";

export type { Brand };

/**
 * The academy's identity and contact details, one file (brand.json) for the site (header, footer,
 * contact, marketing pages) and the API (the certificate letterhead, e-mails). The web build checks
 * it against `brandSchema` (`@puerta/contract/brand-schema`), so the browser is not sent a validator.
 */
export const brand = brandJson as Brand;
