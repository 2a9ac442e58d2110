import {
  dataExportFileName,
  EMAIL_COPIES_PATH,
  type EmailCopiesResponse,
  PROFILE_PHOTO,
  PROFILE_TEXT,
} from "@puerta/contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "../../lib/api.ts";
import { saveBlob } from "../../lib/file-download.ts";
import { userQuery } from "../../lib/session.ts";

/** The checks the browser can make before sending; the server checks the content again. */
export function photoProblem(file: File): string | null {
  if (!(PROFILE_PHOTO.mimeTypes as readonly string[]).includes(file.type)) return PROFILE_TEXT.photoInvalid;
  if (file.size > PROFILE_PHOTO.maxBytes) return PROFILE_TEXT.photoTooLarge;
  return null;
}

async function uploadProfilePhoto(file: File): Promise<string> {
  const form = new FormData();
  form.append("photo", file);
  const body = await apiJson<{ profile_image: string }>("/api/profile/photo", { method: "POST", body: form });
  return body.profile_image;
}

/**
 * Uploads a new photo, then keeps the signed-in user (the query cache's) in step with the new
 * URL; `onSuccess`/`onError` are the page's.
 */
export function useUploadProfilePhoto(config: { onSuccess: () => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePhoto,
    onSuccess: (profileImage) => {
      queryClient.setQueryData(userQuery.queryKey, (user) =>
        user?.etudiant ? { ...user, etudiant: { ...user.etudiant, profile_image: profileImage } } : user,
      );
      config.onSuccess();
    },
    onError: config.onError,
  });
}

/** "Recevoir une copie des notifications par e-mail": the student's setting. */
export const emailCopiesQuery = queryOptions({
  queryKey: ["profile", "email-copies"] as const,
  queryFn: ({ signal }) => apiJson<EmailCopiesResponse>(EMAIL_COPIES_PATH, { signal }),
  staleTime: 60_000,
});

/** Ticks or unticks the setting; the answer is the setting shown (no second read). */
export function useSetEmailCopies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      apiJson<EmailCopiesResponse>(EMAIL_COPIES_PATH, { method: "PUT", body: { email_copies: on } }),
    onSuccess: (answer) => queryClient.setQueryData(emailCopiesQuery.queryKey, answer),
  });
}

/** "Télécharger mes données" (law 09-08, art. 7): the student's own ZIP. */
export const DATA_EXPORT_PATH = "/api/profile/donnees";

/**
 * Fetches the ZIP with the session and hands it to the browser under the name the server gives it
 * (`donnees-PU-2025-0001.zip`); a refusal (429: too many this hour) is an ApiError with the
 * server's French message.
 */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async (studentNumber: string) => {
      const response = await apiRequest(DATA_EXPORT_PATH, { headers: { Accept: "application/zip" } });
      saveBlob(await response.blob(), dataExportFileName(studentNumber));
    },
  });
}
