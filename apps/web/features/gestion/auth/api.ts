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
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { STAFF_QUERY_KEY, staffJson } from "../../../lib/staff-api.ts";
import { rememberStaffUser } from "../session/staff-session.ts";

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

/*
 * The writes of the sign-in, activation and password screens. Nothing is on screen to read
 * again, except after the second step: then the signed-in user is known without asking.
 */

/** Step 1 of the sign-in: e-mail, password and captcha. */
export const useStaffLogin = () => useMutation({ mutationFn: staffAuthApi.login });

/** Step 2: the code (or the enrolment's first code); the answer's user becomes the signed-in one. */
export function useStaffSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: staffAuthApi.secondStep,
    onSuccess: (answer) => rememberStaffUser(queryClient, answer.user),
  });
}

/** The password chosen from the invitation link. */
export const useActivateStaffAccount = () => useMutation({ mutationFn: staffAuthApi.activate });

/** "Changer mon mot de passe". */
export const useChangeStaffPassword = () => useMutation({ mutationFn: staffAuthApi.changePassword });
