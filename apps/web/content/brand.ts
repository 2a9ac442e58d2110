import { z } from "zod";
import brandJson from "./brand.json";

/**
 * The academy's identity and contact details, in one file the whole site reads (header,
 * footer, chat button, contact section, privacy policy, marketing pages). Checked when the
 * module loads, so a bad edit fails the build (prerendering imports it) with a clear message.
 */
export const brandSchema = z.object({
  academyName: z.string().trim().min(1),
  /** Used in the about page path, /pourquoi-{productSlug}. */
  productSlug: z.string().regex(/^[a-z0-9-]+$/, "productSlug : minuscules, chiffres et tirets"),
  tagline: z.string().trim().min(1),
  contactEmail: z.email(),
  /** International number of the messaging chat (WhatsApp), spaces allowed. */
  chatNumber: z.string().regex(/^\+?[0-9 ().-]{8,20}$/, "chatNumber : numéro international attendu"),
  chatGreeting: z.string().trim().min(1).max(300),
  social: z
    .array(
      z.object({
        network: z.enum(["facebook", "instagram", "youtube", "tiktok", "linkedin"]),
        label: z.string().trim().min(1),
        url: z.url({ protocol: /^https$/ }),
      }),
    )
    .min(1),
  address: z.object({
    street: z.string().trim().min(1),
    postalCode: z.string().regex(/^\d{5}$/),
    city: z.literal("Casablanca"),
    country: z.string().trim().min(1),
  }),
});

export type Brand = z.infer<typeof brandSchema>;
export type SocialNetwork = Brand["social"][number]["network"];

export function parseBrand(data: unknown): Brand {
  const parsed = brandSchema.safeParse(data);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `content/brand.json: ${i.path.join(".") || "(racine)"} : ${i.message}`,
    );
    throw new Error(`Contenu invalide\n${lines.join("\n")}`);
  }
  return parsed.data;
}

export const brand: Brand = parseBrand(brandJson);

/** The about page path, /pourquoi-{product} (spec section 2). */
export const aboutPath = `/pourquoi-${brand.productSlug}`;

/** A messaging chat link (https://wa.me/<digits>?text=…) opening with a prefilled greeting. */
export function chatLink(number: string, greeting: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(greeting)}`;
}

/** The postal address on one line: "25, boulevard d'Anfa, 20000 Casablanca, Maroc". */
export function postalAddress({ street, postalCode, city, country }: Brand["address"]): string {
  return `${street}, ${postalCode} ${city}, ${country}`;
}
