import { z } from "zod";

/**
 * The shape of every marketing content file. Validated at build time by the content
 * Vite plugin (content/validate.ts); components only import the inferred types.
 */

const text = z.string().trim().min(1);
/** A path under public/ (starts with "/") or an absolute http(s) URL. */
const asset = z.string().regex(/^(\/|https?:\/\/)\S+$/, "chemin d'asset ou URL attendu");

export const centreSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: text,
  address: text,
  phone: z.string().regex(/^\+?[0-9 ()-]{8,}$/, "numéro de téléphone attendu"),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, "couleur #rrggbb attendue"),
  mapEmbedUrl: z.url(),
});

export const keyFigureSchema = z.object({
  number: text,
  label: text,
  suffix: z.string().optional(),
  sublabel: z.string().optional(),
});

export const accreditationSchema = z.object({
  logo: asset,
  title: z.literal("Autorisation"),
  text,
});

export const partnerSchema = z.object({
  id: z.number().int().positive(),
  name: text,
  logo: asset,
});

export const topScorerSchema = z.object({
  id: z.number().int().positive(),
  title: text,
  image: asset,
  note: z.string().regex(/^(10|\d(\.\d{1,2})?)\/10$/, "note sur 10 attendue, ex. 9.15/10"),
  filier: z.enum(["Biologie", "Mathematiques", "Chimie", "Physique", "ECONOMIE"]),
});

export const pathwaySchema = z.object({
  name: text,
  subjects: z.array(text).min(1),
});

export const faqSchema = z.object({ question: text, reponse: text });

export const videoItemSchema = z.object({
  id: z.number().int().positive(),
  title: text,
  /** A clip under public/ or an external video URL. */
  video: asset,
  poster: asset,
  date: z.string(),
  desc: z.string().optional(),
});

export const videoCategories = [
  "soirée",
  "OMRA",
  "JOURNÈES D'INTÈGRATION",
  "SORTIES",
  "GRADUATION PARTIES",
  "GIVING BACK",
  "SPONSORING",
] as const;

/** Every video gallery of the site, by the page section that shows it. */
export const videosSchema = z.object({
  presentation: videoItemSchema,
  orientation: videoItemSchema,
  categories: z.record(z.enum(videoCategories), z.array(videoItemSchema).min(1)),
  deleTestimonials: z.array(videoItemSchema).min(1),
  alumniDay: z.array(videoItemSchema).min(1),
  preRegistration: z.array(videoItemSchema).min(1),
  parents: z.array(videoItemSchema).min(1),
  laureates: z.array(videoItemSchema).min(1),
  alumni: z.array(videoItemSchema).min(1),
  vlog: z.array(videoItemSchema).length(7),
});

export const imageItemSchema = z.object({
  id: z.number().int().positive(),
  title: text,
  image: asset,
  year: z.number().int().min(2000).max(2100),
});

export const imagesSchema = z.object({
  dele: z.array(imageItemSchema).min(1),
  siele: z.array(imageItemSchema).min(1),
  parentsMeeting: z.array(imageItemSchema).min(1),
});

export const teamMemberSchema = z.object({
  name: text,
  role: text,
  image: asset,
  location: z.string().optional(),
});

export const teamSchema = z.object({
  founder: z.object({ name: text, role: text, image: asset, bio: z.array(text).min(1) }),
  members: z.array(teamMemberSchema).length(21),
  vision: text,
  mission: text,
});

export const testimonialSchema = z.object({ name: text, role: text, image: asset, text });

export const promotionSchema = z.object({ title: text, text, cta: text, href: text });

const metaSchema = z.object({
  viewport: text,
  title: text,
  canonical: z.url(),
  ogLocale: text,
  ogType: text,
  ogTitle: text,
  ogDescription: text,
  ogUrl: z.url(),
  ogSiteName: text,
  articlePublisher: z.string(),
  articlePublishedTime: z.iso.datetime({ offset: true }),
  articleModifiedTime: z.iso.datetime({ offset: true }),
  ogImage: asset,
  ogImageWidth: z.number().int().positive(),
  ogImageHeight: z.number().int().positive(),
  ogImageType: text,
  author: text,
  twitterCard: text,
  twitterCreator: z.string(),
  twitterLabel1: text,
  twitterData1: text,
  twitterLabel2: text,
  twitterData2: text,
  googleSiteVerification: z.string(),
});

/** Front matter of a blog post (content/blog/*.md); the Markdown body is the content. */
export const postFrontMatterSchema = z.object({
  id: z.number().int().min(1).max(24),
  // Accents and apostrophes are allowed; slashes, spaces, "?" and "#" are not.
  slug: z.string().regex(/^[\p{L}\p{N}'’-]+$/u, "slug : lettres, chiffres, tirets et apostrophes"),
  title: text,
  excerpt: z.string(),
  image: asset,
  category: z.string(),
  date: z.union([z.literal(""), z.iso.date()]),
  readTime: z.string(),
  description: text,
  meta: metaSchema.optional(),
});

export type Centre = z.infer<typeof centreSchema>;
export type KeyFigure = z.infer<typeof keyFigureSchema>;
export type Accreditation = z.infer<typeof accreditationSchema>;
export type Partner = z.infer<typeof partnerSchema>;
export type TopScorer = z.infer<typeof topScorerSchema>;
export type Pathway = z.infer<typeof pathwaySchema>;
export type FaqEntry = z.infer<typeof faqSchema>;
export type VideoItem = z.infer<typeof videoItemSchema>;
export type Videos = z.infer<typeof videosSchema>;
export type ImageItem = z.infer<typeof imageItemSchema>;
export type Images = z.infer<typeof imagesSchema>;
export type TeamMember = z.infer<typeof teamMemberSchema>;
export type Team = z.infer<typeof teamSchema>;
export type Testimonial = z.infer<typeof testimonialSchema>;
export type Promotion = z.infer<typeof promotionSchema>;
export type PostFrontMatter = z.infer<typeof postFrontMatterSchema>;
export type PostMeta = z.infer<typeof metaSchema>;

/** The academy's identity and contact details (brand.json). */
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

/** Each JSON content file and the schema it must satisfy. */
export const contentFiles = {
  "brand.json": brandSchema,
  "centres.json": z.array(centreSchema).length(3),
  "key-figures.json": z.array(keyFigureSchema).min(1),
  "accreditations.json": z.array(accreditationSchema).length(3),
  "partners.json": z.array(partnerSchema).length(17),
  "top-scorers.json": z.array(topScorerSchema).length(11),
  "pathways.json": z.array(pathwaySchema).length(4),
  "faq.json": z.array(faqSchema).min(1),
  "videos.json": videosSchema,
  "images.json": imagesSchema,
  "team.json": teamSchema,
  "testimonials.json": z.array(testimonialSchema).min(1),
  "promotions.json": z.array(promotionSchema).length(3),
  "questions.json": z.array(text).min(1),
} as const;
