import { createContext } from "react-router";

/** The CSP nonce of the page being rendered (app/entry.server.tsx): empty when prerendering. */
export const cspNonceContext = createContext<string>("");
