import type { CertificateRequest, CertificateRequestInput, StudentData } from "@puerta/contract";
import { queryOptions } from "@tanstack/react-query";
import { apiJson } from "../../lib/api.ts";

export const certificateListQuery = queryOptions({
  queryKey: ["certificates", "list"] as const,
  queryFn: async ({ signal }) => {
    const body = await apiJson<{ data?: CertificateRequest[] }>("/api/demandes", { signal });
    return Array.isArray(body?.data) ? body.data : [];
  },
  // Fresh from the server's render (decision 101); a request sent invalidates it.
  staleTime: 30_000,
});

export type CertificateChoice = { type: "scolaire"; langues: string[] } | { type: "langue"; niveau: "B1" | "B2" };

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
  };
  return apiJson<{ message?: string; data?: CertificateRequest }>("/api/demandes", {
    method: "POST",
    body,
    idempotencyKey,
  });
}
