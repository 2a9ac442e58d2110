import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signInNewStudent, type TestApp, ZENITH_STUDENT } from "../support/app.ts";
import { apiRoutes, PUBLIC_API_ROUTES, routeKey } from "../support/route-table.ts";
import { type StaffBrowser, signInNewStaff } from "../support/staff-browser.ts";

const ATTACKS = [
  "../../../../etc/passwd",
  "..%2F..%2F..%2Fetc%2Fpasswd",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "..%252F..%252Fetc%252Fpasswd",
  "....//....//etc/passwd",
  "..\\..\\..\\windows\\win.ini",
  "%2Fetc%2Fpasswd",
  "planning.pdf%00.png",
  "files%2F..%2F..%2Fpuerta.lock",
  ".env",
  "app-secret",
  "pglite",
  `${"a".repeat(300)}.pdf`,
  "%C0%AE%C0%AE%2F",
  "é%20.pdf",
];

/** Routes that answer with a file: their last segment names it. */
const isFileRoute = (url: string) => /\/(download\/:filename|affiche|photo|fichier|document|:file)$/.test(url);

describe("file routes", () => {
  let t: TestApp;
  let auth: Record<string, string>;
  // The back-office's file routes are tried with a direction session, the others with a student token.
  let staff: StaffBrowser;
  beforeAll(async () => {
    t = await createTestApp();
    auth = bearer((await signInNewStudent(t, ZENITH_STUDENT)).token);
    staff = (await signInNewStaff(t, "direction")).browser;
  });
  afterAll(() => t.close());

  const fileRoutes = () => apiRoutes(t.app).filter((r) => r.method === "GET" && isFileRoute(r.url));

  it("finds the download routes in the app", () => {
    expect(fileRoutes().map(routeKey)).toEqual(
      expect.arrayContaining([
        "GET /api/planifications/download/:filename",
        "GET /api/documents/download/:filename",
        "GET /api/orientations/download/:filename",
      ]),
    );
  });

  it("never resolves traversal, encoded slashes or internal names, and never leaks a path", async () => {
    const leaks: string[] = [];
    for (const route of fileRoutes()) {
      for (const attack of ATTACKS) {
        const url = route.url.includes(":") ? route.url.replace(/:[A-Za-z_]+/, attack) : `${route.url}/${attack}`;
        const headers = PUBLIC_API_ROUTES.has(routeKey(route)) ? {} : auth;
        // Back-office file routes are tried with a direction session (a token is 401 there).
        const response = route.staff
          ? await t.app.inject({ method: "GET", url, cookies: staff.cookies })
          : await t.app.inject({ method: "GET", url, headers });
        const body = response.body;
        if (![400, 404, 422].includes(response.statusCode)) leaks.push(`${url} → ${response.statusCode}`);
        if (!response.headers["content-type"]?.includes("application/json"))
          leaks.push(`${url} → ${response.headers["content-type"]}`);
        if (/root:|\/etc\/|\[boot loader\]|APP_SECRET|node_modules|\/tmp\/|puerta-test-|at .*\.ts:\d+/.test(body)) {
          leaks.push(`${url} leaks: ${body.slice(0, 120)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it("serves as application/pdf only files whose bytes are a PDF", async () => {
    const lists = ["/api/planifications", "/api/orientations"];
    let checked = 0;
    for (const listUrl of lists) {
      const items: { fichier_url: string }[] = (
        await t.app.inject({ method: "GET", url: listUrl, headers: auth })
      ).json().data;
      for (const item of items) {
        const response = await t.app.inject({ method: "GET", url: item.fichier_url, headers: auth });
        expect(response.statusCode).toBe(200);
        expect(response.headers["x-content-type-options"]).toBe("nosniff");
        if (response.headers["content-type"]?.startsWith("application/pdf")) {
          expect(response.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
