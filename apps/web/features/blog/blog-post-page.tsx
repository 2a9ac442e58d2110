import { ChevronRight, Clock } from "lucide-react";
import {
  type ClientLoaderFunctionArgs,
  Link,
  type LoaderFunctionArgs,
  type MetaArgs,
  useLoaderData,
} from "react-router";
import { Picture } from "../../components/picture.tsx";
import { loadPosts } from "../../content/posts.ts";
import { noBreakBeforePunctuation } from "../../lib/french-typography.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";
import { frenchLongDate } from "./format.ts";

/**
 * One screen for /blog-2/{slug} and /blog/{id}. The post is looked up at build time and
 * prerendered; an unknown slug or id gets the "Article non trouvé" state.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const wanted = params.slug?.normalize("NFC");
  const post = loadPosts().find((p) => (wanted !== undefined ? p.slug === wanted : String(p.id) === params.id));
  return { post: post ?? null };
}

// A post that was not prerendered has no data file: the browser shows the not-found state.
export async function clientLoader({ serverLoader }: ClientLoaderFunctionArgs) {
  try {
    return await serverLoader<typeof loader>();
  } catch {
    return { post: null };
  }
}

export function HydrateFallback() {
  return <div className="min-h-[60vh]" aria-busy="true" />;
}

export function meta({ loaderData }: MetaArgs<typeof clientLoader>) {
  const post = loaderData?.post;
  if (!post) return [{ title: pageTitle("Article non trouvé") }, { name: "robots", content: "noindex" }];
  const m = post.meta;
  const tags = pageMeta({
    title: m?.title ?? pageTitle(post.title),
    description: m?.ogDescription ?? post.description,
    // /blog/{id} shows the same article: both name the slug URL as canonical.
    path: `/blog-2/${post.slug}`,
    image: m?.ogImage ?? post.image,
    type: "article",
    ogTitle: m?.ogTitle,
    locale: m?.ogLocale,
  });
  if (!m) return tags;
  // The rest of the post's meta object; its own URLs give way to the configured address.
  const optional = (key: string, content: string, attribute: "name" | "property" = "name") =>
    content ? [{ [attribute]: key, content }] : [];
  return [
    ...tags,
    { property: "article:published_time", content: m.articlePublishedTime },
    { property: "article:modified_time", content: m.articleModifiedTime },
    ...optional("article:publisher", m.articlePublisher, "property"),
    { property: "og:image:width", content: String(m.ogImageWidth) },
    { property: "og:image:height", content: String(m.ogImageHeight) },
    { property: "og:image:type", content: m.ogImageType },
    { name: "author", content: m.author },
    ...optional("twitter:creator", m.twitterCreator),
    { name: "twitter:label1", content: m.twitterLabel1 },
    { name: "twitter:data1", content: m.twitterData1 },
    { name: "twitter:label2", content: m.twitterLabel2 },
    { name: "twitter:data2", content: m.twitterData2 },
    ...optional("google-site-verification", m.googleSiteVerification),
  ];
}

export default function BlogPostPage() {
  const { post } = useLoaderData<typeof clientLoader>();
  if (!post) {
    return (
      <section className="mx-auto max-w-xl px-6 py-24 text-center">
        <h1 className="text-3xl font-extrabold text-ink">Article non trouvé</h1>
        <p className="mt-4 text-gray-700">L'article que vous recherchez n'existe pas.</p>
        <Link
          to="/blog"
          className="mt-8 inline-block rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
        >
          Retour au blog
        </Link>
      </section>
    );
  }
  const date = frenchLongDate(post.date);
  return (
    <article className="bg-white">
      <div className="mx-auto max-w-3xl px-5 pt-8 pb-16">
        <nav aria-label="Fil d'Ariane" className="text-sm text-gray-600">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <Link to="/" className="hover:text-brand-700 hover:underline">
                Accueil
              </Link>
            </li>
            <li aria-hidden="true">
              <ChevronRight className="size-4" />
            </li>
            <li>
              <Link to="/blog" className="hover:text-brand-700 hover:underline">
                Blog
              </Link>
            </li>
            <li aria-hidden="true">
              <ChevronRight className="size-4" />
            </li>
            <li aria-current="page" className="line-clamp-1 font-medium text-ink">
              {noBreakBeforePunctuation(post.title)}
            </li>
          </ol>
        </nav>
        <header className="mt-8">
          <div className="flex flex-wrap items-center gap-3 text-sm text-gray-600">
            {post.category && (
              <span className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-700">{post.category}</span>
            )}
            {date && <time dateTime={post.date}>{date}</time>}
            {post.readTime && (
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden="true" className="size-4" />
                {post.readTime} de lecture
              </span>
            )}
          </div>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-balance text-ink md:text-5xl">
            {noBreakBeforePunctuation(post.title)}
          </h1>
          {post.excerpt && <p className="mt-4 text-xl leading-relaxed text-gray-600">{post.excerpt}</p>}
        </header>
        <Picture
          src={post.image}
          alt=""
          width={960}
          height={600}
          eager
          className="mt-8 aspect-[8/5] w-full rounded-3xl object-cover"
        />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the academy's own Markdown, converted at build time */}
        <div className="post-content mt-10" dangerouslySetInnerHTML={{ __html: post.html }} />
        <p className="mt-12 border-t border-gray-200 pt-6">
          <Link to="/blog-2" className="font-semibold text-brand-700 hover:underline">
            <span aria-hidden="true">← </span>Retour au blog
          </Link>
        </p>
      </div>
    </article>
  );
}
