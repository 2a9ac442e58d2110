import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { aboutPath } from "../content/brand.ts";

/**
 * Every page of the specs in docs/spec/. Student pages sit behind the login guard; those
 * not exempted by docs/spec/student-portal.md section 4 also sit behind the policy gate.
 */
export default [
  // The staff back-office (docs/spec/back-office.md): client-rendered, outside the site's frame, each
  // screen its own lazily loaded module, so no public or student page downloads any of it.
  ...prefix("gestion", [
    route("connexion", "../features/gestion/auth/sign-in-page.tsx"),
    route("activer", "../features/gestion/auth/activation-page.tsx"),
    route("mot-de-passe-oublie", "../features/gestion/auth/forgot-password-page.tsx"),
    route("reinitialiser-mot-de-passe", "../features/gestion/auth/reset-password-page.tsx"),
    layout("../features/gestion/shell/staff-layout.tsx", [
      index("../features/gestion/dashboard/dashboard-page.tsx"),
      route("comptes", "../features/gestion/comptes/comptes-page.tsx"),
      route("etudiants", "../features/gestion/etudiants/students-page.tsx"),
      route("etudiants/import", "../features/gestion/etudiants/import-page.tsx"),
      route("etudiants/:id", "../features/gestion/etudiants/student-page.tsx"),
      route("parascolaire", "../features/gestion/calendars/events-page.tsx"),
      route("jours-feries", "../features/gestion/calendars/holidays-page.tsx"),
      route("demandes", "../features/gestion/demandes/demandes-page.tsx"),
      route("demandes/:id", "../features/gestion/demandes/demande-page.tsx"),
      route("plannings", "../features/gestion/plannings/plannings-page.tsx"),
      route("supports", "../features/gestion/supports/supports-page.tsx"),
      route("orientation", "../features/gestion/orientation/orientation-page.tsx"),
      route("referentiel", "../features/gestion/referentiel/referentiel-page.tsx"),
      route("annees", "../features/gestion/annees/years-page.tsx"),
      route("annees/:id/cloture", "../features/gestion/annees/closure-page.tsx"),
      route("donnees-personnelles", "../features/gestion/donnees-personnelles/donnees-personnelles-page.tsx"),
      route("messages", "../features/gestion/messages/messages-page.tsx"),
      route("messages/:id", "../features/gestion/messages/message-page.tsx"),
      route("politique", "../features/gestion/politique/politique-page.tsx"),
      route("politique/:id", "../features/gestion/politique/version-page.tsx"),
      route("journal", "../features/gestion/journal/journal-page.tsx"),
      route("notifications", "../features/gestion/notifications/notifications-page.tsx"),
      route("notifications/nouvelle", "../features/gestion/notifications/notification-compose-page.tsx", {
        id: "gestion-notification-new",
      }),
      route("notifications/:id", "../features/gestion/notifications/notification-page.tsx"),
      route("notifications/:id/modifier", "../features/gestion/notifications/notification-compose-page.tsx", {
        id: "gestion-notification-edit",
      }),
      route("corbeille", "../features/gestion/corbeille/corbeille-page.tsx"),
      route("journal/:id", "../features/gestion/journal/journal-entry-page.tsx"),
      route("mot-de-passe", "../features/gestion/auth/change-password-page.tsx"),
      route("*", "../features/gestion/shell/staff-not-found-page.tsx"),
    ]),
  ]),

  layout("layout/site-layout.tsx", [
    route("login", "../features/auth/login-page.tsx"),
    route("forgot-password", "../features/passwords/forgot-password-page.tsx"),
    route("reset-password", "../features/passwords/reset-password-page.tsx"),
    route("contactez-nous", "../features/contact/contact-page.tsx"),

    layout("../features/auth/require-auth.tsx", [
      route("policy-acceptance", "../features/policy/policy-acceptance-page.tsx"),
      // Exempt from the policy gate (docs/spec/student-portal.md section 4).
      route("planning", "../features/planning/planning-page.tsx"),
      route("etudiants/orientation", "../features/orientation/orientation-page.tsx"),
      route("support-cours", "../features/course-support/course-support-page.tsx"),
      route("notifications", "../features/notifications/notifications-page.tsx"),
      route("parascolaire-calendar", "../features/calendars/events/events-page.tsx"),
      route("jourOff-calendar", "../features/calendars/holidays/holidays-page.tsx"),

      layout("../features/policy/require-policy.tsx", [
        route("modifier-mot-de-passe", "../features/passwords/change-password-page.tsx"),
        route("parascolaire/:id", "../features/calendars/events/event-detail-page.tsx"),
        route("demande-attestation", "../features/certificates/certificates-page.tsx"),
        route("notification/:id", "../features/notifications/notification-detail-page.tsx"),
        route("profile", "../features/profile/profile-page.tsx"),
      ]),
    ]),

    // The pages below the site-wide contact section may show (docs/spec/student-portal.md section 2):
    // only their files carry its code. Which paths hide it is still isContactSectionHidden's rule.
    layout("layout/contact-pages.tsx", [
      route("activer-compte", "../features/auth/activation-page.tsx"),
      // Public, client-rendered, noindex: what an attestation's QR code opens (docs/spec/back-office.md section 6).
      route("verifier/:code", "../features/certificates/verification-page.tsx"),

      // Public marketing site (docs/spec/marketing-site.md) and the privacy policy.
      layout("../features/marketing/public-layout.tsx", [
        index("../features/marketing/home-page.tsx"),
        route("blog-2", "../features/blog/blog-list-page.tsx", { id: "blog-list" }),
        // /blog has no screen in docs/spec/marketing-site.md section 2 but is linked from it: same list (canonical /blog-2).
        route("blog", "../features/blog/blog-list-page.tsx", { id: "blog-list-alias" }),
        route("blog-2/:slug", "../features/blog/blog-post-page.tsx", { id: "blog-post-by-slug" }),
        route("blog/:id", "../features/blog/blog-post-page.tsx", { id: "blog-post-by-id" }),
        route("selectividad-casablanca", "../features/marketing/selectividad-casablanca-page.tsx"),
        route("selectividad-parallele", "../features/marketing/selectividad-parallele-page.tsx"),
        route("dele", "../features/marketing/dele-page.tsx"),
        route("orientation", "../features/marketing/orientation-page.tsx"),
        route("temoignages", "../features/marketing/temoignages-page.tsx"),
        route("caplife", "../features/marketing/caplife-page.tsx"),
        route(aboutPath.slice(1), "../features/marketing/about-page.tsx"),
        route("vlog", "../features/marketing/vlog-page.tsx"),
        route("politique-de-confidentialite", "../features/marketing/privacy-page.tsx"),
      ]),

      route("*", "../features/errors/not-found-route.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
