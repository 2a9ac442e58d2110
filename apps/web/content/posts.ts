import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import { Marked } from "marked";
import { type PostFrontMatter, postFrontMatterSchema } from "./schema.ts";
import { describeIssues } from "./validate.ts";

/**
 * Build-time access to the blog posts (content/blog/*.md). Only route loaders and the
 * build call this, so the Markdown parser never reaches the browser.
 */

export type PostSummary = Pick<PostFrontMatter, "id" | "slug" | "title" | "excerpt" | "image" | "category" | "date">;
export type Post = PostFrontMatter & { html: string };

// Bundled for prerendering, this module does not run beside the posts: the build says where they are.
const BLOG_DIR = import.meta.env?.PUERTA_BLOG_DIR ?? path.join(import.meta.dirname, "blog");

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Posts are Markdown only: raw HTML in a post is shown as text. The page CSP allows every
 * inline script of a prerendered page by hash, so a <script> in a post would run.
 */
const markdown = new Marked({
  renderer: { html: ({ text }) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c) },
});

function readPost(file: string, dir: string): Post {
  const { data, content } = matter(readFileSync(path.join(dir, file), "utf8"));
  const parsed = postFrontMatterSchema.safeParse(data);
  if (!parsed.success) throw new Error(describeIssues(`content/blog/${file}`, parsed.error.issues));
  return { ...parsed.data, slug: parsed.data.slug.normalize("NFC"), html: markdown.parse(content, { async: false }) };
}

/** Every post, ordered by id; fails naming the file and field of an invalid entry. */
export function loadPosts(dir = BLOG_DIR): Post[] {
  const posts = readdirSync(dir)
    .filter((file) => file.endsWith(".md"))
    .map((file) => readPost(file, dir))
    .sort((a, b) => a.id - b.id);
  const seenSlugs = new Set<string>();
  posts.forEach((post, index) => {
    if (post.id !== index + 1) throw new Error(`content/blog: les ids vont de 1 à 24 sans trou (id ${post.id})`);
    if (seenSlugs.has(post.slug)) throw new Error(`content/blog: slug en double « ${post.slug} »`);
    seenSlugs.add(post.slug);
  });
  return posts;
}

/**
 * The blog's reading order: dated posts newest first, then the posts without a date (the
 * spec leaves posts 10 to 24 undated) in their own order.
 */
export function newestFirst<T extends { id: number; date: string }>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => {
    if (a.date && b.date) return b.date.localeCompare(a.date) || a.id - b.id;
    if (a.date || b.date) return a.date ? -1 : 1;
    return a.id - b.id;
  });
}

export function summarise({ id, slug, title, excerpt, image, category, date }: Post): PostSummary {
  return { id, slug, title, excerpt, image, category, date };
}
