import { z } from "zod";

/** The academy's identity and contact details (brand.json), shared by the site and the API (certificates, e-mails). */
export const brandSchema = z.object({
  academyName: z.string().trim().min(1),
  /** Used in the about page path, /pourquoi-{productSlug}. */
  productSlug: z.string().regex(/^[a-z0-9-]+$/, "productSlug : minuscules, chiffres et tirets"),
  /**
   * The brand colour of the e-mails and PDFs the server makes (the app's `--color-brand-700`):
   * `#rrggbb`, dark enough for white text on it.
   */
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, "color : couleur #rrggbb attendue"),
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
