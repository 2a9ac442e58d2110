import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { NotFound } from "../components/not-found.tsx";
import { brand } from "../content/brand.ts";
import { LOGOUT_EVENT, requestCsrfCookie } from "../lib/api.ts";
import { AuthProvider } from "../lib/auth-provider.tsx";
import { firstScreenDrawn } from "../lib/first-screen.ts";
import { HydratePageData } from "../lib/page-data.tsx";
import { afterStartupQueries, appQueryClient } from "../lib/query-client.tsx";
import faviconSvg from "../public/favicon.svg?raw";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";
import { InertUntilHydrated } from "./inert-until-hydrated.tsx";

const faviconDataUrl = `data:image/svg+xml,${encodeURIComponent(faviconSvg)}`;

export const meta = () => [
  { title: `${brand.academyName} — ${brand.tagline}` },
  { name: "description", content: `${brand.academyName} : ${brand.tagline}.` },
];

// Written into the page: a request of its own would be one more on the line before the page's
// first data, on every page. public/favicon.svg stays for those who ask for it by name.
export const links = () => [{ rel: "icon", href: faviconDataUrl, type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* With a precedence, React writes the stylesheet before the script preloads: the page's
            first paint does not queue behind 150 KB of scripts on a slow line. */}
        <link rel="stylesheet" href={appStylesheet} precedence="default" />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-ink antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const [queryClient] = useState(appQueryClient);
  // docs/spec/student-portal.md section 2: the app asks the backend for its CSRF cookie at start-up, once the page's
  // first data is on screen (lib/first-screen.ts).
  useEffect(
    () =>
      afterStartupQueries(queryClient, () => {
        firstScreenDrawn();
        void requestCsrfCookie();
      }),
    [queryClient],
  );
  // Any end of session empties the cache: the policy status goes back to unknown and no data
  // of the previous student stays in memory.
  useEffect(() => {
    const onLogout = () => queryClient.clear();
    window.addEventListener(LOGOUT_EVENT, onLogout);
    return () => window.removeEventListener(LOGOUT_EVENT, onLogout);
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <HydratePageData>
        <AuthProvider>
          {/* A page rendered for a request paints before it hydrates: its controls wait (decision 102). */}
          <InertUntilHydrated>
            <Outlet />
          </InertUntilHydrated>
        </AuthProvider>
      </HydratePageData>
    </QueryClientProvider>
  );
}

/** An unexpected error: a French message, never a stack trace. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <InertUntilHydrated>{errorView(error)}</InertUntilHydrated>;
}

function errorView(error: unknown) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // The database down for a moment (the student area's gate, features/auth/require-auth.tsx).
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <ErrorScreen title="Service indisponible" mark="Un instant" heading="Service momentanément indisponible">
        La page n'a pas pu lire vos données. Réessayez dans un instant.
      </ErrorScreen>
    );
  }
  return (
    <ErrorScreen title="Erreur" mark="Oups" heading="Une erreur s'est produite">
      La page n'a pas pu s'afficher. Rechargez-la ou revenez à l'accueil.
    </ErrorScreen>
  );
}

function ErrorScreen({
  title,
  mark,
  heading,
  children,
}: {
  title: string;
  mark: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <title>{`${title} | ${brand.academyName}`}</title>
      <p className="text-5xl font-black text-brand-600">{mark}</p>
      <h1 className="mt-4 text-2xl font-bold">{heading}</h1>
      <p className="mt-3 text-gray-700">{children}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
          Retour à l'accueil
        </a>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg border border-gray-300 px-5 py-2.5 font-semibold hover:bg-gray-50"
        >
          Recharger la page
        </button>
      </div>
    </main>
  );
}
