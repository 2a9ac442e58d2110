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
import { staffJson } from "../../../lib/staff-api.ts";

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
