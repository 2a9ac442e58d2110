import { matchesRoute, PROTECTED_ROUTES } from "@puerta/contract";
import { LogIn, LogOut } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, useLocation } from "react-router";
import { brand } from "../../content/brand.ts";
import { useAuth } from "../../lib/auth-provider.tsx";
import { afterFirstScreen } from "../../lib/first-screen.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { DesktopNav } from "./desktop-nav.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { FORMER_STUDENT_NAV, type NavBadges, PUBLIC_NAV, STUDENT_NAV } from "./nav-items.ts";

// Started once the page's first screen is drawn (lib/first-screen.ts). Its code is a file of its
// own on the public pages; the app's build keeps it in the app's file (vite.config.ts).
const UnreadNotificationCount = lazy(() =>
  afterFirstScreen().then(() => import("../../features/notifications/unread-count.tsx")),
);

/**
 * The site header: logo, login/logout button and the navigation of the current state
 * (visitor or student), without navigation in the mobile app's web view (?isApp=true).
 * An island on the public pages (site-header.island.tsx).
 */
export function SiteHeader() {
  const { status, session, logout } = useAuth();
  const signedIn = status === "signedIn";
  const { pathname, search } = useLocation();
  // A student page's shell is written before the session is known, and nearly all who open
  // it are signed in: it shows the student's header, which a visitor leaves for /login
  // (decision 009). A public page shows the visitor's until the session says otherwise.
  const studentHeader = signedIn || (status === "loading" && matchesRoute(pathname, PROTECTED_ROUTES));
  // Prerendered HTML knows no query string: read it once hydrated, so both renders agree.
  const hydrated = useHydrated();
  const showNavigation = !(hydrated && new URLSearchParams(search).get("isApp") === "true");
  // Counters beside nav items, by path. The notifications feature supplies "/notifications".
  const [unreadNotifications, setUnreadNotifications] = useState(0);
  const badges: NavBadges = { "/notifications": signedIn ? unreadNotifications : 0 };
  // A former student's area is reduced (docs/spec/school-year-and-data.md section 3): no notifications either.
  const formerStudent = session?.user?.etudiant?.statut_scolaire === "ancien_eleve";
  const items = studentHeader ? (formerStudent ? FORMER_STUDENT_NAV : STUDENT_NAV) : PUBLIC_NAV;
  const firstName = session?.user?.etudiant?.prenom ?? session?.user?.name;

  return (
    <header className="sticky top-0 z-40 bg-white/95 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="relative">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/" className="flex items-center gap-2.5 rounded-lg">
            <span
              aria-hidden="true"
              className="flex size-9 items-center justify-center rounded-xl bg-brand-600 text-lg font-black text-white shadow-md shadow-brand-600/30"
            >
              {brand.academyName.charAt(0)}
            </span>
            <span className="flex flex-col leading-none">
              <span className="text-xl font-extrabold tracking-tight text-ink">
                {brand.academyName}
                <span className="sr-only"> — accueil</span>
              </span>
              <span
                aria-hidden="true"
                className="mt-0.5 hidden text-[0.7rem] font-semibold tracking-wider text-gray-500 uppercase sm:block"
              >
                Académie · Casablanca
              </span>
            </span>
          </Link>

          <div className="flex items-center gap-2">
            {signedIn && firstName && (
              <span className="hidden text-sm text-gray-600 lg:inline">
                Bonjour, <span className="font-semibold text-ink">{firstName}</span>
              </span>
            )}
            {studentHeader ? (
              <button
                type="button"
                onClick={() => void logout()}
                className="inline-flex items-center gap-2 rounded-xl border border-gray-200 px-3 py-2 text-sm font-semibold text-ink hover:border-brand-600 hover:text-brand-700"
              >
                <LogOut aria-hidden="true" className="size-4" />
                Déconnexion
              </button>
            ) : (
              <Link
                to="/login"
                className="inline-flex items-center gap-2 rounded-xl bg-brand-600 px-4 py-2 text-sm font-bold text-white shadow-md shadow-brand-600/20 hover:bg-brand-700"
              >
                <LogIn aria-hidden="true" className="size-4" />
                Connexion
              </Link>
            )}
            {showNavigation && <MobileMenu items={items} badges={badges} />}
          </div>
        </div>
        {showNavigation && <DesktopNav items={items} badges={badges} />}
      </div>
      {/* Only in the browser: its code waits for the first screen, which the server does not draw. */}
      {signedIn && hydrated && !formerStudent && (
        <Suspense fallback={null}>
          <UnreadNotificationCount onCount={setUnreadNotifications} />
        </Suspense>
      )}
    </header>
  );
}
