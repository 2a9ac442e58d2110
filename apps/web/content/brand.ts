import { type Brand, brand } from "@puerta/contract/brand";

export type { Brand };
export type SocialNetwork = Brand["social"][number]["network"];

/**
 * The academy's identity and contact details, in one file the whole site reads (header,
 * footer, chat button, contact section, privacy policy, marketing pages) and the API too
 * (packages/contract/src/brand/brand.json). The build checks it against `brandSchema` with
 * every content file, so a bad edit fails the build with the field named, and the browser is
 * not sent a validator.
 */
export { brand };

/** The about page path, /pourquoi-{product} (docs/spec/marketing-site.md section 2). */
export const aboutPath = `/pourquoi-${brand.productSlug}`;

/**
 * The one messaging chat link of the site (https://wa.me/<digits>), for the chat button and
 * every centre's phone: the digits of the number, and a prefilled greeting when one is given.
 */
export function chatLink(number: string, greeting?: string): string {
  const base = `https://wa.me/${number.replace(/\D/g, "")}`;
  return greeting ? `${base}?text=${encodeURIComponent(greeting)}` : base;
}

/**
 * A centre's phone as a chat link (docs/spec/marketing-site.md section 3: the number without
 * its non-digit characters, except the plus; decision 030): on api.whatsapp.com/send, whose
 * `phone` keeps the "+" (written %2B, a bare "+" in a query string reads as a space).
 */
export function centreChatLink(phone: string): string {
  return `https://api.whatsapp.com/send?phone=${encodeURIComponent(phone.replace(/[^\d+]/g, ""))}`;
}

/** The postal address on one line: "25, boulevard d'Anfa, 20000 Casablanca, Maroc". */
export function postalAddress({ street, postalCode, city, country }: Brand["address"]): string {
  return `${street}, ${postalCode} ${city}, ${country}`;
}
