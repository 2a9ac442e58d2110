import {
  CERTIFICATE_DOCUMENT_TEXT,
  type CertificateRequest,
  type CertificateRequestInput,
  type CertificateVerification,
  type CertificateYearsResponse,
  type StudentData,
  VERIFICATION_CODE_PATTERN,
} from "@puerta/contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiJson } from "../../lib/api.ts";
import { useSubmissionKey } from "../../lib/submission-key.ts";

export const certificateListQuery = queryOptions({
  queryKey: ["certificates", "list"] as const,
  queryFn: async ({ signal }) => {
    const body = await apiJson<{ data?: CertificateRequest[] }>("/api/demandes", { signal });
    return Array.isArray(body?.data) ? body.data : [];
  },
  // Fresh from the server's render (decision 101); a request sent invalidates it.
  staleTime: 30_000,
});

/**
 * The years the student may ask an attestation for (their enrolments, newest first) and the one
 * chosen by default (docs/spec/school-year-and-data.md section 3).
 */
export const certificateYearsQuery = queryOptions({
  queryKey: ["certificates", "years"] as const,
  queryFn: ({ signal }) => apiJson<CertificateYearsResponse>("/api/demandes/annees", { signal }),
  staleTime: 5 * 60_000,
});

/** What the student asks for; `annee_id`: the year it is about (the server's default when null). */
export type CertificateChoice = ({ type: "scolaire"; langues: string[] } | { type: "langue"; niveau: "B1" | "B2" }) & {
  annee_id?: number | null;
};

/**
 * POST /api/demandes with the fields of docs/spec/student-portal.md section 3. The identity fields come from the
 * signed-in student's data (GET /api/user); the server ignores them and uses the authenticated student.
 */
export async function sendCertificateRequest(
  choice: CertificateChoice,
  student: StudentData | null,
  idempotencyKey?: string,
) {
  const body: CertificateRequestInput = {
    student_id: student?.student_id,
    nom: student?.nom,
    prenom: student?.prenom,
    cin: student?.cin_etudiant,
    option: student?.option?.nom,
    centre_id: student?.centre_id,
    type: choice.type,
    niveau: choice.type === "langue" ? choice.niveau : null,
    langues: (choice.type === "scolaire" ? choice.langues : []) as CertificateRequestInput["langues"],
    annee_id: choice.annee_id ?? null,
  };
  return apiJson<{ message?: string; data?: CertificateRequest }>("/api/demandes", {
    method: "POST",
    body,
    idempotencyKey,
  });
}

/**
 * Sends a request with the student's data, once however often it is retried (one key per
 * submission, kept by the page that calls the hook). The history is read again after a failure
 * too: a lost answer may hide a request the server recorded. `onSuccess`/`onError` are the page's.
 */
export function useSendCertificateRequest(config: {
  /** Who asks (the student area's data): the request carries the student's name. */
  student: StudentData | null | undefined;
  onSuccess: (choice: CertificateChoice) => void;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (choice: CertificateChoice) =>
      submission.send(async (key) => sendCertificateRequest(choice, config.student ?? null, key)),
    onSuccess: (_body, choice) => config.onSuccess(choice),
    onError: config.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: certificateListQuery.queryKey }),
  });
}

/** What /verifier/{code} shows: the attestation, an unknown code, or too many checks. */
export type VerificationAnswer =
  | CertificateVerification
  | { status: "inconnu" }
  | { status: "limite"; message: string };

async function verify(code: string, signal: AbortSignal): Promise<VerificationAnswer> {
  if (!VERIFICATION_CODE_PATTERN.test(code.toUpperCase())) return { status: "inconnu" };
  try {
    return await apiJson<CertificateVerification>(`/api/attestations/${encodeURIComponent(code)}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { status: "inconnu" };
    if (error instanceof ApiError && error.status === 429) {
      return { status: "limite", message: error.serverMessage ?? CERTIFICATE_DOCUMENT_TEXT.tooMany };
    }
    throw error;
  }
}

/** The check of a printed attestation's code (public: no session). */
export const verificationQuery = (code: string) =>
  queryOptions({
    queryKey: ["attestation", code] as const,
    queryFn: ({ signal }) => verify(code, signal),
    retry: false,
    staleTime: 60_000,
  });
