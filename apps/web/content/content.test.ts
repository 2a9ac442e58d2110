import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadPosts, newestFirst } from "./posts.ts";
import { sitemapPaths } from "./site-paths.ts";
import { validateContent, validateContentFile } from "./validate.ts";

const here = import.meta.dirname;
const json = (file: string) => JSON.parse(readFileSync(path.join(here, file), "utf8"));

describe("marketing content", () => {
  it("orders the blog newest first, the undated posts after", () => {
    const ordered = newestFirst(loadPosts());
    const dated = ordered.filter((post) => post.date);
    expect(dated.map((post) => post.date)).toEqual(
      dated
        .map((post) => post.date)
        .sort()
        .reverse(),
    );
    expect(ordered.slice(0, dated.length).every((post) => post.date)).toBe(true);
    expect(ordered[0]?.date).toBe("2025-11-03");
  });

  it("gives each post's social tags the reading time the page shows", () => {
    for (const post of loadPosts().filter((p) => p.meta && p.readTime)) {
      const minutes = Number.parseInt(post.readTime, 10);
      expect(post.meta?.twitterData2, post.slug).toBe(minutes === 1 ? "1 minute" : `${minutes} minutes`);
    }
  });

  it("lists the contact page in the sitemap, never the sign-in forms", () => {
    const paths = sitemapPaths();
    expect(paths).toContain("/contactez-nous");
    expect(paths).not.toContain("/login");
    expect(paths).not.toContain("/forgot-password");
  });

  it("is valid as shipped", () => {
    expect(() => validateContent(here)).not.toThrow();
  });

  it("fails naming the file and field of a bad entry", () => {
    const partners = json("partners.json");
    partners[3].logo = "logo sans chemin";
    expect(() => validateContentFile("partners.json", partners)).toThrow(/content\/partners\.json: \[3\]\.logo/);

    const scorers = json("top-scorers.json");
    scorers[0].note = "19/20";
    expect(() => validateContentFile("top-scorers.json", scorers)).toThrow(/top-scorers\.json: \[0\]\.note/);

    const team = json("team.json");
    team.members.pop();
    expect(() => validateContentFile("team.json", team)).toThrow(/team\.json: members/);
  });

  it("has 24 posts with accented slugs and the meta object on the first 9", () => {
    const posts = loadPosts();
    expect(posts).toHaveLength(24);
    expect(posts.map((p) => p.id)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(posts.some((p) => /[éè]/.test(p.slug))).toBe(true);
    expect(posts.some((p) => p.slug.includes("'"))).toBe(true);
    expect(posts.filter((p) => p.meta).map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(posts[0]?.html).toContain("<h2");
  });

  it("fails the build on a post with a bad front matter, naming the file and field", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "posts-"));
    writeFileSync(
      path.join(dir, "01.md"),
      '---\nid: 1\nslug: "a slug/with spaces"\ntitle: "T"\nexcerpt: ""\nimage: "/x.webp"\ncategory: ""\ndate: ""\nreadTime: ""\ndescription: "D"\n---\nTexte',
    );
    expect(() => loadPosts(dir)).toThrow(/content\/blog\/01\.md: slug/);
  });

  it("shows raw HTML in a post as text, never as markup", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "posts-"));
    writeFileSync(
      path.join(dir, "01.md"),
      '---\nid: 1\nslug: "xss"\ntitle: "T"\nexcerpt: ""\nimage: "/x.webp"\ncategory: ""\ndate: ""\nreadTime: ""\ndescription: "D"\n---\n## Titre\n\n<script>alert(1)</script>\n\nTexte <img src=x onerror="alert(2)"> **gras**\n',
    );
    const [post] = loadPosts(dir);
    expect(post?.html).toContain("<h2");
    expect(post?.html).toContain("<strong>gras</strong>");
    expect(post?.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(post?.html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
    expect(post?.html).not.toMatch(/<script|<img/);
  });
});
