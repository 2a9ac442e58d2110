import { STAFF_ROLE_LABELS, type StaffUser, staffSections } from "@puerta/contract";
import { useQuery } from "@tanstack/react-query";
import { LogOut, Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { Spinner } from "../../../components/spinner.tsx";
import { Toaster } from "../../../components/toaster.tsx";
import { brand } from "../../../content/brand.ts";
import { ApiError, STAFF_SESSION_ENDED_EVENT } from "../../../lib/api.ts";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { StaffUserContext, staffMeQuery, useForgetStaffData, useStaffSignOut } from "../session/staff-session.ts";

/**
 * The back-office's frame (docs/spec/back-office.md section 3), for every screen but sign-in and activation: the
 * signed-in staff member is asked of the server first; without a session, on to
 * /gestion/connexion, and back here after it. A 401 from any later call does the same.
 */
export default function StaffLayout() {
  const me = useQuery(staffMeQuery);
  const location = useLocation();
  const navigate = useNavigate();
  const forgetStaffData = useForgetStaffData();
  // Set by "Se déconnecter": the layout stays on screen until the sign-in page's module has
  // loaded, and the 401s that come meanwhile must not add a way back to this screen.
  const signingOut = useRef(false);
  const signInPath = signingOut.current
    ? "/gestion/connexion"
    : `/gestion/connexion?retour=${encodeURIComponent(location.pathname + location.search)}`;

  useEffect(() => {
    const onEnded = () => {
      if (signingOut.current) return;
      forgetStaffData();
      navigate(signInPath, { replace: true });
    };
    window.addEventListener(STAFF_SESSION_ENDED_EVENT, onEnded);
    return () => window.removeEventListener(STAFF_SESSION_ENDED_EVENT, onEnded);
  }, [forgetStaffData, navigate, signInPath]);

  if (me.isError && me.error instanceof ApiError && me.error.status === 401) {
    return <Navigate to={signInPath} replace />;
  }
  if (me.isError) {
    return (
      <main className="mx-auto max-w-lg px-6 py-24 text-center">
        <title>{`Gestion | ${brand.academyName}`}</title>
        <h1 className="text-2xl font-bold text-ink">La page n'a pas pu s'afficher</h1>
        <p role="alert" className="mt-3 text-gray-700">
          {staffErrorMessage(me.error)}
        </p>
        <button
          type="button"
          onClick={() => me.refetch()}
          className="mt-6 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          Réessayer
        </button>
      </main>
    );
  }
  if (!me.data) {
    return (
      <main>
        <title>{`Gestion | ${brand.academyName}`}</title>
        <Spinner label="Chargement de la gestion…" showLabel />
      </main>
    );
  }
  return (
    <StaffUserContext value={me.data.user}>
      <Toaster>
        <StaffFrame
          user={me.data.user}
          onSigningOut={() => {
            signingOut.current = true;
          }}
        />
      </Toaster>
    </StaffUserContext>
  );
}

function StaffFrame({ user, onSigningOut }: { user: StaffUser; onSigningOut: () => void }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const navId = useId();
  // A section chosen in the menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="min-h-screen bg-gray-50 lg:flex">
      <a
        href="#contenu-gestion"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Aller au contenu
      </a>
      <header className="border-b border-gray-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-screen lg:w-64 lg:shrink-0 lg:flex-col lg:border-r lg:border-b-0">
        <div className="flex items-center justify-between gap-3 px-4 py-3 lg:py-5">
          <NavLink to="/gestion" end className="text-lg font-extrabold text-ink">
            {brand.academyName} <span className="font-semibold text-brand-700">Gestion</span>
          </NavLink>
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setMenuOpen((open) => !open)}
            className="inline-flex items-center gap-2 rounded-lg border border-gray-300 px-3 py-2 text-sm font-semibold text-ink lg:hidden"
          >
            {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
            Menu
          </button>
        </div>
        {/* On a wide screen the sidebar is the screen's height: the sections scroll inside it, so
            that the identity, "Changer mon mot de passe" and "Se déconnecter" stay on screen. */}
        <div id={navId} className={`${menuOpen ? "flex" : "hidden"} flex-1 flex-col lg:flex lg:min-h-0`}>
          <nav
            aria-label="Sections de la gestion"
            className="flex-1 px-3 pb-4 lg:min-h-0 lg:overflow-y-auto lg:overscroll-contain"
          >
            <ul className="space-y-1">
              {staffSections(user).map((section) => (
                <li key={section.path}>
                  <NavLink
                    to={section.path}
                    end={section.path === "/gestion"}
                    className={({ isActive }) =>
                      `block rounded-lg px-3 py-2 font-semibold ${
                        isActive ? "bg-brand-50 text-brand-800" : "text-ink hover:bg-gray-100"
                      }`
                    }
                  >
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <StaffIdentity user={user} onSigningOut={onSigningOut} />
        </div>
      </header>
      <main id="contenu-gestion" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-8 lg:py-8">
        <Outlet />
      </main>
    </div>
  );
}

function StaffIdentity({ user, onSigningOut }: { user: StaffUser; onSigningOut: () => void }) {
  const navigate = useNavigate();
  const signOutCall = useStaffSignOut();
  const [leaving, setLeaving] = useState(false);
  async function signOut() {
    onSigningOut();
    setLeaving(true);
    // Never fails: the session is forgotten here whatever the server said.
    await signOutCall.mutateAsync();
    navigate("/gestion/connexion", { replace: true });
  }
  return (
    <div className="shrink-0 border-t border-gray-200 px-4 py-4">
      <p className="font-semibold text-ink">{user.name}</p>
      <p className="text-sm text-gray-700">{STAFF_ROLE_LABELS[user.role]}</p>
      <NavLink
        to="/gestion/mot-de-passe"
        className="mt-2 block text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        Changer mon mot de passe
      </NavLink>
      <button
        type="button"
        onClick={signOut}
        disabled={leaving}
        className="mt-3 inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-semibold text-ink hover:bg-gray-50"
      >
        <LogOut aria-hidden="true" className="size-4" />
        Se déconnecter
      </button>
    </div>
  );
}
