import type { TestApp } from "../helpers.ts";
import type { StaffBrowser } from "../staff/support.ts";

/** A multipart form with one `file` part, as a browser's FormData sends it. */
export function multipartFile(name: string, bytes: Buffer | string, contentType = "text/csv") {
  const boundary = `----puerta${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, typeof bytes === "string" ? Buffer.from(bytes) : bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Uploads a file to the import's preview as the browser's staff member. */
export async function uploadImport(
  t: TestApp,
  browser: StaffBrowser,
  name: string,
  bytes: Buffer | string,
  type?: string,
) {
  const form = multipartFile(name, bytes, type);
  return t.app.inject({
    method: "POST",
    url: "/api/gestion/etudiants/import/preview",
    cookies: browser.cookies,
    headers: { ...browser.csrfHeaders, "content-type": form.contentType },
    payload: form.payload,
  });
}

export const HEADER = "nom,prenom,email,telephone,cin,numero_etudiant,centre,option,filiere";
