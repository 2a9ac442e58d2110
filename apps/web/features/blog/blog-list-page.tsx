import { Link, useLoaderData } from "react-router";
import { Picture } from "../../components/picture.tsx";
import { brand } from "../../content/brand.ts";
import { loadPosts, newestFirst, summarise } from "../../content/posts.ts";
import { noBreakBeforePunctuation } from "../../lib/french-typography.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";
import { frenchLongDate } from "./format.ts";

// Runs at build time only (prerender): the Markdown never reaches the browser.
export async function loader() {
  return { posts: newestFirst(loadPosts()).map(summarise) };
}

export const meta = () =>
  pageMeta({
    title: pageTitle("Blog"),
    description: `Études en Espagne, Selectividad, logement, bourses et actualités : les articles de ${brand.academyName} pour préparer votre avenir à l'université espagnole.`,
    // /blog shows the same list; both name /blog-2 as canonical.
    path: "/blog-2",
  });

export default function BlogListPage() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <div className="bg-gray-50">
      <div className="mx-auto max-w-6xl px-5 py-14">
        <p className="mb-2 text-sm font-bold tracking-widest text-brand-600 uppercase">Nos articles</p>
        <h1 className="text-4xl font-extrabold tracking-tight text-ink md:text-5xl">Blog</h1>
        <p className="mt-3 max-w-2xl text-lg text-gray-600">
          Conseils pour réussir la Selectividad, vie étudiante en Espagne et actualités de l'académie.
        </p>
        <ul className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.posts.map((post, index) => (
            <li key={post.id}>
              <Link
                to={`/blog-2/${post.slug}`}
                className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-100 transition hover:-translate-y-1 hover:shadow-lg motion-reduce:transform-none"
              >
                <Picture
                  src={post.image}
                  alt=""
                  width={960}
                  height={600}
                  eager={index < 2}
                  className="aspect-[8/5] w-full object-cover"
                />
                <div className="flex flex-1 flex-col p-5">
                  {(post.category || post.date) && (
                    <p className="mb-2 flex flex-wrap items-center gap-2 text-xs font-semibold text-gray-600">
                      {post.category && (
                        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-brand-700">{post.category}</span>
                      )}
                      {post.date && <time dateTime={post.date}>{frenchLongDate(post.date)}</time>}
                    </p>
                  )}
                  <h2 className="line-clamp-2 text-lg font-bold text-ink group-hover:text-brand-700">
                    {noBreakBeforePunctuation(post.title)}
                  </h2>
                  {post.excerpt && <p className="mt-2 line-clamp-3 text-gray-600">{post.excerpt}</p>}
                  <span className="mt-auto pt-4 text-sm font-semibold text-brand-700" aria-hidden="true">
                    Lire l'article →
                  </span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
