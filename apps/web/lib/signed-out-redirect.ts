import { STUDENT_SESSION_HINT_COOKIE } from "@puerta/contract";
import { redirectDocument } from "react-router";
import { loginReturnPath } from "./login-return.ts";

/**
 * A loader's answer when the API says the session is over (its 401): /login as a document,
 * remembering the page asked for, and the signed-in hint (lib/session-hint.ts) forgotten, so
 * that nothing in the page's memory sends the visitor back here (decision 101). Apart from
 * lib/login-return.ts, which the public login island imports: islands have no data router.
 */
export function signedOutRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirectDocument(loginReturnPath(`${url.pathname.replace(/\.data$/, "")}${url.search}`), {
    headers: { "Set-Cookie": `${STUDENT_SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict` },
  });
}
