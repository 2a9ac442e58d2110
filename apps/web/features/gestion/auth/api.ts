import type {
  ActivationInfo,
  ActivationRequest,
  ActivationResponse,
  StaffLoginRequest,
  StaffLoginResponse,
  StaffPasswordChangeRequest,
  StaffTotpResponse,
} from "@puerta/contract";
import { staffJson } from "../../../lib/staff-api.ts";

/** Back-office sign-in, activation and password calls (spec section 8). */
export const staffAuthApi = {
  login: (body: StaffLoginRequest) => staffJson<StaffLoginResponse>("/api/gestion/login", { body }),
  secondStep: (code: string) => staffJson<StaffTotpResponse>("/api/gestion/login/totp", { body: { code } }),
  activation: (token: string) => staffJson<ActivationInfo>(`/api/activation?token=${encodeURIComponent(token)}`),
  activate: (body: ActivationRequest) => staffJson<ActivationResponse>("/api/activation", { body }),
  changePassword: (body: StaffPasswordChangeRequest) => staffJson<void>("/api/gestion/mot-de-passe", { body }),
};
