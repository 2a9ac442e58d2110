import type { VerifyResetTokenResponse } from "@puerta/contract";
import { apiJson } from "../../lib/api.ts";

type Message = { message: string };

export const changePassword = (body: {
  current_password: string;
  new_password: string;
  new_password_confirmation: string;
}) => apiJson<Message>("/api/change-password", { method: "POST", body });

export const requestPasswordReset = (email: string) =>
  apiJson<Message>("/api/student/forgot-password", { method: "POST", body: { email } });

export const verifyResetToken = (token: string, email: string) =>
  apiJson<VerifyResetTokenResponse>("/api/student/verify-reset-token", { method: "POST", body: { token, email } });

export const resetPassword = (body: {
  email: string;
  token: string;
  password: string;
  password_confirmation: string;
  recaptcha_token: string;
}) => apiJson<Message>("/api/student/reset-password", { method: "POST", body });
