/**
 * Typed access to the marketing content. The files are checked against content/schema.ts
 * when the site is built (content/vite-plugin.ts), so the casts below only restate that.
 */
import accreditationsJson from "./accreditations.json";
import centresJson from "./centres.json";
import faqJson from "./faq.json";
import imagesJson from "./images.json";
import keyFiguresJson from "./key-figures.json";
import partnersJson from "./partners.json";
import pathwaysJson from "./pathways.json";
import promotionsJson from "./promotions.json";
import questionsJson from "./questions.json";
import type {
  Accreditation,
  Centre,
  FaqEntry,
  Images,
  KeyFigure,
  Partner,
  Pathway,
  Promotion,
  Team,
  Testimonial,
  TopScorer,
  Videos,
} from "./schema.ts";
import teamJson from "./team.json";
import testimonialsJson from "./testimonials.json";
import topScorersJson from "./top-scorers.json";
import videosJson from "./videos.json";

export const accreditations = accreditationsJson as Accreditation[];
export const centres = centresJson as Centre[];
export const faq = faqJson as FaqEntry[];
export const images = imagesJson as Images;
export const keyFigures = keyFiguresJson as KeyFigure[];
export const partners = partnersJson as Partner[];
export const pathways = pathwaysJson as Pathway[];
export const promotions = promotionsJson as Promotion[];
export const questions = questionsJson as string[];
export const team = teamJson as Team;
export const testimonials = testimonialsJson as Testimonial[];
export const topScorers = topScorersJson as TopScorer[];
export const videos = videosJson as Videos;
