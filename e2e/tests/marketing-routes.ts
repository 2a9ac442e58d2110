/** The public marketing pages, with the main heading each one must show (docs/spec/marketing-site.md). */
export const MARKETING_PAGES = [
  { path: "/", h1: "Votre avenir à l'université espagnole commence ici" },
  { path: "/blog-2", h1: "Blog" },
  { path: "/blog", h1: "Blog" },
  { path: "/selectividad-casablanca", h1: "Préparez la Selectividad à Casablanca et entrez à l'université espagnole" },
  { path: "/selectividad-parallele", h1: "La Selectividad en parallèle du baccalauréat européen" },
  { path: "/dele", h1: "Préparation au DELE et au SIELE" },
  { path: "/orientation", h1: "Choisir sa filière et son université en Espagne" },
  { path: "/temoignages", h1: "Ils nous ont fait confiance" },
  { path: "/caplife", h1: "Apprendre, partager, célébrer" },
  { path: "/pourquoi-puerta", h1: "Pourquoi Puerta ?" },
  { path: "/vlog", h1: "Le vlog de l'académie" },
  { path: "/politique-de-confidentialite", h1: "Politique de confidentialité" },
  {
    path: "/blog-2/étudier-en-espagne-après-le-bac-marocain",
    h1: "Étudier en Espagne après le bac marocain : le guide complet",
  },
  { path: "/blog-2/bourse-d'excellence-25-pour-cent", h1: "Bourse d'excellence : 25 % de réduction dès 16/20 au bac" },
  {
    path: "/blog-2/coût-du-logement-madrid-barcelone-valence",
    h1: "Se loger à Madrid, Barcelone ou Valence : combien prévoir ?",
  },
  { path: "/blog/3", h1: "Classement des universités espagnoles en 2025" },
] as const;
