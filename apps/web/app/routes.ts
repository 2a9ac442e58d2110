import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every page of the two specifications. Student pages sit behind the login guard; those
 * not exempted by spec section 4 also sit behind the policy gate.
 */
export default [
  layout("layout/site-layout.tsx", [
    route("login", "../features/auth/login-page.tsx"),
    route("forgot-password", "../features/passwords/forgot-password-page.tsx"),
    route("reset-password", "../features/passwords/reset-password-page.tsx"),
    route("contactez-nous", "../features/contact/contact-page.tsx"),

    layout("../features/auth/require-auth.tsx", [
      route("policy-acceptance", "../features/policy/policy-acceptance-page.tsx"),
      // Exempt from the policy gate (spec section 4).
      route("planning", "../features/planning/planning-page.tsx"),
      route("etudiants/orientation", "../features/orientation/orientation-page.tsx"),
      route("support-cours", "../features/course-support/course-support-page.tsx"),
      route("notifications", "../features/notifications/notifications-page.tsx"),
      route("parascolaire-calendar", "../features/events/events-page.tsx"),
      route("jourOff-calendar", "../features/holidays/holidays-page.tsx"),

      layout("../features/policy/require-policy.tsx", [
        route("modifier-mot-de-passe", "../features/passwords/change-password-page.tsx"),
        route("parascolaire/:id", "../features/events/event-detail-page.tsx"),
        route("demande-attestation", "../features/certificates/certificates-page.tsx"),
        route("notification/:id", "../features/notifications/notification-detail-page.tsx"),
        route("profile", "../features/profile/profile-page.tsx"),
      ]),
    ]),

    route("*", "../features/errors/not-found-route.tsx"),
  ]),
] satisfies RouteConfig;
