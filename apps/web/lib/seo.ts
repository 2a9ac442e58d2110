import { brand } from "../content/brand.ts";
import { absoluteUrl } from "../content/site-url.ts";

export type PageSeo = {
  title: string;
  description: string;
  /** Site path of the canonical page, e.g. "/blog-2". */
  path: string;
  image?: string;
  type?: "website" | "article";
  /** Social title when it differs from the page title. */
  ogTitle?: string;
  locale?: string;
};

const DEFAULT_IMAGE = "/media/video/hero.webp";

/**
 * Title, description, canonical link, Open Graph and Twitter tags of a public page, as
 * React Router meta descriptors (prerendered into the HTML).
 */
export function pageMeta({
  title,
  description,
  path,
  image = DEFAULT_IMAGE,
  type = "website",
  ogTitle = title,
  locale = "fr_FR",
}: PageSeo) {
  const url = absoluteUrl(path);
  const imageUrl = absoluteUrl(image);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:locale", content: locale },
    { property: "og:type", content: type },
    { property: "og:site_name", content: brand.academyName },
    { property: "og:title", content: ogTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: ogTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
  ];
}

/** "Titre | Puerta" */
export function pageTitle(title: string): string {
  return `${title} | ${brand.academyName}`;
}
