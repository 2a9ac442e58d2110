import { use, useEffect, useRef } from "react";
import { SocialIcon } from "../../components/social-icon.tsx";
import { brand, chatLink } from "../../content/brand.ts";
import { RenderedForRequest } from "../inert-until-hydrated.tsx";
import { keepChatButtonClear } from "./chat-clearance.ts";

/** The floating button that opens a messaging chat with a prefilled greeting (docs/spec/student-portal.md section 2). */
export function ChatButton() {
  // Hydrated in the student area only; a public page's loader does the same (chat-clearance.ts).
  const ref = useRef<HTMLAnchorElement>(null);
  // A page rendered for a request paints before its scripts run (decision 102): the button is
  // hidden (its box kept) until the clearance has looked for a form under it. React never
  // changes the attribute afterwards; the clearance alone does. Prerendered pages are unchanged.
  const clearUntilChecked = use(RenderedForRequest) ? "" : undefined;
  useEffect(() => {
    if (ref.current) keepChatButtonClear(ref.current);
  }, []);
  return (
    <aside aria-label="Discussion instantanée">
      <a
        ref={ref}
        data-chat-button=""
        data-clear={clearUntilChecked}
        href={chatLink(brand.chatNumber, brand.chatGreeting)}
        target="_blank"
        rel="noopener noreferrer"
        className="fixed right-4 bottom-4 z-30 inline-flex items-center gap-2 rounded-full bg-[#0f7a5f] p-3.5 font-semibold text-white shadow-lg shadow-black/20 transition hover:bg-[#0b6650] data-clear:invisible data-clear:opacity-0 sm:right-6 sm:bottom-6 sm:px-5"
      >
        <SocialIcon network="whatsapp" className="size-6" />
        <span className="sr-only sm:not-sr-only">Une question ?</span>
        <span className="sr-only"> Discuter avec {brand.academyName} sur WhatsApp (nouvel onglet)</span>
      </a>
    </aside>
  );
}
