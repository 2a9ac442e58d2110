/**
 * A staff browser against a server process (see processes.ts) over real HTTP: fetch keeps no
 * cookies, so this one keeps them by hand as a browser would, and echoes the CSRF cookie in its
 * header. The in-process twin, over `app.inject`, is staff-browser.ts.
 */
import type { Challenge } from "altcha-lib";
import { type FormFile, multipartBody } from "./forms.ts";
import { totpCode } from "./staff-browser.ts";
import { solveCaptchaChallenge } from "./tools.ts";

/** Where requests go: a server process, or anything with its base URL. */
type Server = { url: string };

/** A challenge from `server`, solved as the browser widget does. */
export async function solvedCaptcha(server: Server): Promise<string> {
  const challenge = (await (await fetch(`${server.url}/api/captcha/challenge`)).json()) as Challenge;
  return solveCaptchaChallenge(challenge);
}

/**
 * Signs a staff member in on `server` through both real steps, enrolling the authenticator (the
 * account must not have one yet). Each request goes to `server` unless told another: a session
 * lives in the database, so every process on it accepts it.
 */
export async function remoteStaffSignIn(server: Server, email: string, password: string) {
  const cookies = new Map<string, string>();
  /** The headers a browser sends with this session: its cookies and the CSRF echo. */
  const headers = () => ({
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    "x-xsrf-token": cookies.get("XSRF-TOKEN") ?? "",
  });
  const send = async (method: string, url: string, body?: RequestInit["body"], contentType?: string, to = server) => {
    const response = await fetch(`${to.url}${url}`, {
      method,
      headers: { ...headers(), ...(contentType ? { "content-type": contentType } : {}) },
      body,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (value === "" || /max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  const json = (method: string, url: string, payload: unknown, to = server) =>
    send(method, url, JSON.stringify(payload), "application/json", to);

  await send("GET", "/sanctum/csrf-cookie");
  const first = await json("POST", "/api/gestion/login", {
    email,
    password,
    recaptcha_token: await solvedCaptcha(server),
  });
  if (first.status !== 200) throw new Error(`staff login failed: ${first.status} ${await first.text()}`);
  const { secret } = (await first.json()) as { secret?: string };
  if (!secret) throw new Error(`staff login of ${email} did not enrol a second factor`);
  const second = await json("POST", "/api/gestion/login/totp", { code: await totpCode(secret) });
  if (second.status !== 200) throw new Error(`staff TOTP failed: ${second.status} ${await second.text()}`);
  return {
    headers,
    get: (url: string, to = server) => send("GET", url, undefined, undefined, to),
    post: (url: string, payload: unknown, to = server) => json("POST", url, payload, to),
    /** A multipart form as the back-office's pages send it. */
    async upload(url: string, fields: Record<string, string>, file: FormFile, to = server) {
      const body = await multipartBody(fields, file);
      return send("POST", url, body.payload, body.contentType, to);
    },
  };
}
