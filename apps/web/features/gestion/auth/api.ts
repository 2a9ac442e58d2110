import type {
  ActivationInfo,
  ActivationRequest,
  ActivationResponse,
  ResetPasswordRequest,
  StaffLoginRequest,
  StaffLoginResponse,
  StaffPasswordChangeRequest,
  StaffTotpResponse,
  VerifyResetTokenResponse,
} from "@puerta/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";

/** The keys of this screen's queries (the signed-in user's is session/staff-session.ts's). */
export const staffAuthKeys = {
  all: [STAFF_QUERY_KEY, "auth"] as const,
  activation: (token: string) => [...staffAuthKeys.all, "activation", token] as const,
};

/** Back-office sign-in, activation and password calls (docs/spec/back-office.md section 8). */
export const staffAuthApi = {
  login: (body: StaffLoginRequest) => staffJson<StaffLoginResponse>("/api/gestion/login", { body }),
  secondStep: (code: string) => staffJson<StaffTotpResponse>("/api/gestion/login/totp", { body: { code } }),
  activation: (token: string) => staffJson<ActivationInfo>(`/api/activation?token=${encodeURIComponent(token)}`),
  activate: (body: ActivationRequest) => staffJson<ActivationResponse>("/api/activation", { body }),
  changePassword: (body: StaffPasswordChangeRequest) => staffJson<void>("/api/gestion/mot-de-passe", { body }),
  // "Mot de passe oublié" (docs/spec/back-office.md section 2): the students' flow on the staff's endpoints.
  forgotPassword: (email: string, captcha?: string) =>
    staffJson<{ message: string }>("/api/gestion/mot-de-passe-oublie", {
      body: { email, recaptcha_token: captcha ?? "" },
    }),
  verifyResetToken: (token: string, email: string) =>
    staffJson<VerifyResetTokenResponse>("/api/gestion/mot-de-passe-oublie/verifier", { body: { token, email } }),
  resetPassword: (body: ResetPasswordRequest) =>
    staffJson<{ message: string }>("/api/gestion/mot-de-passe-oublie/reinitialiser", { body }),
};

/** What the invitation link says (whose account, still valid?), asked once: a 404 will not change. */
export const activationQuery = (token: string) =>
  queryOptions({
    queryKey: staffAuthKeys.activation(token),
    queryFn: () => staffAuthApi.activation(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useActivationCheck = (token: string, enabled: boolean) => useQuery({ ...activationQuery(token), enabled });
