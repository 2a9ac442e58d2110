import { EMAIL_COPIES_PATH, type EmailCopiesResponse, PROFILE_PHOTO, PROFILE_TEXT } from "@puerta/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiJson } from "../../lib/api.ts";
import { userQuery } from "../../lib/session.ts";

/** The checks the browser can make before sending; the server checks the content again. */
export function photoProblem(file: File): string | null {
  if (!(PROFILE_PHOTO.mimeTypes as readonly string[]).includes(file.type)) return PROFILE_TEXT.photoInvalid;
  if (file.size > PROFILE_PHOTO.maxBytes) return PROFILE_TEXT.photoTooLarge;
  return null;
}

/** Uploads the photo, then keeps the signed-in user (the query cache's) in step with the new URL. */
export async function uploadProfilePhoto(client: QueryClient, file: File): Promise<string> {
  const form = new FormData();
  form.append("photo", file);
  const body = await apiJson<{ profile_image: string }>("/api/profile/photo", { method: "POST", body: form });
  client.setQueryData(userQuery.queryKey, (user) =>
    user?.etudiant ? { ...user, etudiant: { ...user.etudiant, profile_image: body.profile_image } } : user,
  );
  return body.profile_image;
}

/** "Recevoir une copie des notifications par e-mail": the student's setting. */
export const emailCopiesQuery = queryOptions({
  queryKey: ["profile", "email-copies"] as const,
  queryFn: ({ signal }) => apiJson<EmailCopiesResponse>(EMAIL_COPIES_PATH, { signal }),
  staleTime: 60_000,
});

export const saveEmailCopies = (on: boolean) =>
  apiJson<EmailCopiesResponse>(EMAIL_COPIES_PATH, { method: "PUT", body: { email_copies: on } });
