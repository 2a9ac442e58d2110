import { Outlet, useLocation } from "react-router";
import { ChatButton } from "./chat-button.tsx";
import { ContactSlot } from "./contact-slot.tsx";
import { SiteFooter } from "./site-footer.tsx";
import SiteHeaderIsland from "./site-header.island.tsx";

/** Pages without the site header (docs/spec/student-portal.md section 2). */
const HEADERLESS_PATHS = ["/policy-acceptance"];

/**
 * The frame of every page: header and navigation, the page, the contact section slot, the
 * footer and the floating chat button.
 */
export default function SiteLayout() {
  const { pathname } = useLocation();
  const showHeader = !HEADERLESS_PATHS.includes(pathname.replace(/\/+$/, ""));

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#contenu"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Aller au contenu
      </a>
      {showHeader && <SiteHeaderIsland />}
      <main id="contenu" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <ContactSlot />
      <SiteFooter />
      <ChatButton />
    </div>
  );
}
