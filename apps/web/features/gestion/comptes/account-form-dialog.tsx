import {
  roleHasCentres,
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  type StaffAccount,
  type StaffAccountCreateRequest,
  type StaffRole,
} from "@puerta/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { CheckboxGroupField, SelectField, TextField } from "../../../components/form-fields.tsx";
import { centresQuery } from "../shared/api.ts";
import { FormActions, FormDialog, OtherActions, StaffForm, useStaffForm } from "../shared/staff-form.tsx";

const FIELDS = ["name", "email", "role", "centre_ids"] as const;

export const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

/**
 * Invite a staff member (name, e-mail, role, centres) or edit one (name, role, centres: the
 * e-mail is who they are). Checked with the contract's schema, the server's field errors shown
 * next to their fields.
 */
export function AccountFormDialog({
  account,
  open,
  onOpenChange,
  onSave,
  otherActions,
}: {
  /** The account to edit; none to invite. */
  account?: StaffAccount;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (body: StaffAccountCreateRequest) => Promise<unknown>;
  /** Under the form of an account: its other actions (deactivate, reset the second factor…). */
  otherActions?: ReactNode;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={account ? `Compte de ${account.name}` : "Inviter un membre du personnel"}
      description={
        account
          ? "Un changement de rôle ou de centres déconnecte la personne."
          : "La personne reçoit par e-mail un lien pour choisir son mot de passe (valable 7 jours)."
      }
    >
      {(close) => (
        <>
          <AccountForm account={account} onCancel={close} onSave={onSave} />
          {otherActions && <OtherActions id="other-actions-title">{otherActions}</OtherActions>}
        </>
      )}
    </FormDialog>
  );
}

function AccountForm({
  account,
  onCancel,
  onSave,
}: {
  account?: StaffAccount;
  onCancel: () => void;
  onSave: (body: StaffAccountCreateRequest) => Promise<unknown>;
}) {
  const centres = useQuery(centresQuery);
  const form = useStaffForm(FIELDS);
  const sending = form.sending;
  const [name, setName] = useState(account?.name ?? "");
  const [email, setEmail] = useState(account?.email ?? "");
  const [role, setRole] = useState<string>(account?.role ?? "");
  const [centreIds, setCentreIds] = useState<number[]>(account?.centre_ids ?? []);

  function check() {
    // Only the secretariat works within centres; the other roles see every centre.
    const values = { name, email, role, centre_ids: roleHasCentres(role) ? centreIds : [] };
    return form.check((schemas) => schemas.staffAccountCreateRequest, values);
  }

  return (
    <StaffForm form={form} onSubmit={() => form.submit(check, onSave)}>
      <TextField
        label="Nom complet"
        name="name"
        autoComplete="off"
        value={name}
        onChange={setName}
        error={form.errors.name}
        disabled={sending}
      />
      <TextField
        label="Adresse e-mail"
        name="email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={setEmail}
        error={form.errors.email}
        disabled={sending || account !== undefined}
        hint={account ? "L'adresse e-mail d'un compte ne change pas." : undefined}
      />
      <SelectField
        label="Rôle"
        name="role"
        value={role}
        onChange={(value) => setRole(value as StaffRole)}
        options={ROLE_OPTIONS}
        placeholder="Choisissez un rôle"
        error={form.errors.role}
        disabled={sending}
      />
      {roleHasCentres(role) && (
        <CheckboxGroupField
          legend="Centres"
          name="centre_ids"
          options={(centres.data?.data ?? []).map((centre) => ({ value: centre.id, label: centre.name }))}
          value={centreIds}
          onChange={setCentreIds}
          error={form.errors.centre_ids}
          hint="Le secrétariat ne voit que les étudiants et les données de ses centres."
          disabled={sending}
        />
      )}
      <FormActions onCancel={onCancel} busy={sending}>
        {sending ? "Enregistrement…" : account ? "Enregistrer" : "Envoyer l'invitation"}
      </FormActions>
    </StaffForm>
  );
}
