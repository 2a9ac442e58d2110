import { EMAIL_COPIES_PATH, type EmailCopiesResponse, PROFILE_PHOTO, PROFILE_TEXT } from "@puerta/contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../lib/api.ts";
import { loadUser, saveUser } from "../../lib/session.ts";

/** The checks the browser can make before sending; the server checks the content again. */
export function photoProblem(file: File): string | null {
  if (!(PROFILE_PHOTO.mimeTypes as readonly string[]).includes(file.type)) return PROFILE_TEXT.photoInvalid;
  if (file.size > PROFILE_PHOTO.maxBytes) return PROFILE_TEXT.photoTooLarge;
  return null;
}

/** Uploads the photo, then keeps the signed-in user in step with the new URL. */
export async function uploadProfilePhoto(file: File): Promise<string> {
  const form = new FormData();
  form.append("photo", file);
  const body = await apiJson<{ profile_image: string }>("/api/profile/photo", { method: "POST", body: form });
  const user = await loadUser();
  if (user?.etudiant) saveUser({ ...user, etudiant: { ...user.etudiant, profile_image: body.profile_image } });
  return body.profile_image;
}

/** "Recevoir une copie des notifications par e-mail": the student's setting. */
export const emailCopiesApi = {
  get: (signal?: AbortSignal) => apiJson<EmailCopiesResponse>(EMAIL_COPIES_PATH, { signal }),
  set: (on: boolean) => apiJson<EmailCopiesResponse>(EMAIL_COPIES_PATH, { method: "PUT", body: { email_copies: on } }),
};

export const emailCopiesQuery = queryOptions({
  queryKey: ["profile", "email-copies"] as const,
  queryFn: ({ signal }) => emailCopiesApi.get(signal),
});

/** Ticks or unticks the setting; the answer is the setting shown (no second read). */
export function useSetEmailCopies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emailCopiesApi.set,
    onSuccess: (answer) => queryClient.setQueryData(emailCopiesQuery.queryKey, answer),
  });
}

/** Uploads a new photo; `onSuccess`/`onError` are the page's (it reads the student's data again). */
export const useUploadProfilePhoto = (config: { onSuccess: () => Promise<void>; onError: (error: Error) => void }) =>
  useMutation({ mutationFn: uploadProfilePhoto, ...config });
