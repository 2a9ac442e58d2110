import { LIMITS } from "@puerta/contract";
import { useState } from "react";
import { primaryButtonClass } from "../../../components/button-styles.ts";
import { PasswordField } from "../../../components/form-fields.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { StaffForm, useStaffForm } from "../shared/staff-form.tsx";
import { StaffPage } from "../shell/staff-page.tsx";
import { useChangeStaffPassword } from "./api.ts";

const FIELDS = ["current_password", "password", "password_confirmation"] as const;

/** /gestion/mot-de-passe: any staff member changes their own password (docs/spec/back-office.md section 2). */
export default function StaffChangePasswordPage() {
  const form = useStaffForm(FIELDS, { stays: true });
  const change = useChangeStaffPassword();
  const sending = form.sending;
  const toast = useToast();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");

  const submit = () =>
    form.submit(
      () =>
        form.check((schemas) => schemas.staffPasswordChangeRequest, {
          current_password: current,
          password,
          password_confirmation: confirmation,
        }),
      async (body) => {
        await change.mutateAsync(body);
        setCurrent("");
        setPassword("");
        setConfirmation("");
        form.reset();
        toast({ title: "Mot de passe modifié." });
      },
    );

  return (
    <StaffPage title="Changer mon mot de passe" crumbs={[{ label: "Mot de passe" }]}>
      <StaffForm
        form={form}
        onSubmit={submit}
        className="max-w-lg space-y-5 rounded-xl border border-gray-200 bg-white p-6"
      >
        <PasswordField
          label="Mot de passe actuel"
          name="current_password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
          error={form.errors.current_password}
          disabled={sending}
        />
        <PasswordField
          label="Nouveau mot de passe"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={form.errors.password}
          hint={`${LIMITS.passwordMinLength} caractères minimum.`}
          disabled={sending}
        />
        <PasswordField
          label="Confirmer le nouveau mot de passe"
          name="password_confirmation"
          autoComplete="new-password"
          value={confirmation}
          onChange={setConfirmation}
          error={form.errors.password_confirmation}
          disabled={sending}
        />
        <button type="submit" disabled={sending} className={primaryButtonClass}>
          {sending ? "Enregistrement…" : "Enregistrer"}
        </button>
      </StaffForm>
    </StaffPage>
  );
}
