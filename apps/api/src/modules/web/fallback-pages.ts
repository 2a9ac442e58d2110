/**
 * The two pages the main thread answers itself when the page thread cannot (decision 107): the
 * outage page for a page past its deadline or on a thread that stopped answering (503), the error
 * page for a thread that crashed or ran out of memory under it (500). Their words are those of
 * the web app's own error screens (apps/web/app/root.tsx); no script, so no nonce.
 */
import { brand } from "@puerta/contract/brand";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function page(title: string, mark: string, heading: string, text: string): Buffer {
  return Buffer.from(`<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${title} | ${brand.academyName}`)}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;color:#111827}
main{max-width:36rem;margin:0 auto;padding:6rem 1.5rem;text-align:center}
.mark{font-size:3rem;font-weight:900;color:${brand.color};margin:0}
h1{font-size:1.5rem;margin:1rem 0 0}
p{color:#374151}
a{display:inline-block;margin:2rem .4rem 0;padding:.6rem 1.25rem;border-radius:.5rem;border:1px solid #d1d5db;color:inherit;font-weight:600;text-decoration:none}
</style>
</head>
<body>
<main>
<p class="mark">${escapeHtml(mark)}</p>
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(text)}</p>
<a href="/">Retour à l'accueil</a><a href="">Recharger la page</a>
</main>
</body>
</html>
`);
}

/** 503: the page could not be rendered in time; the visitor is told to try again in a moment. */
export const OUTAGE_PAGE = page(
  "Service indisponible",
  "Un instant",
  "Service momentanément indisponible",
  "La page n'a pas pu lire vos données. Réessayez dans un instant.",
);

/** 500: the render failed with its thread. */
export const ERROR_PAGE = page(
  "Erreur",
  "Oups",
  "Une erreur s'est produite",
  "La page n'a pas pu s'afficher. Rechargez-la ou revenez à l'accueil.",
);
