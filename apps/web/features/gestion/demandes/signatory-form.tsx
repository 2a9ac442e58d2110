import { useEffect, useState } from "react";
import { primaryButtonClass } from "../../../components/button-styles.ts";
import { TextField } from "../../../components/form-fields.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { StaffForm, useStaffForm } from "../shared/staff-form.tsx";
import { useSetSignatory, useSignatory } from "./api.ts";

const FIELDS = ["name", "title"] as const;

/** Who signs the attestations (the direction; docs/spec/back-office.md section 6). Issued ones keep theirs. */
export function SignatoryForm() {
  const toast = useToast();
  const current = useSignatory();
  const save = useSetSignatory();
  const form = useStaffForm(FIELDS, { stays: true });
  const sending = form.sending;
  const [name, setName] = useState("");
  const [title, setTitle] = useState("");
  useEffect(() => {
    if (current.data) {
      setName(current.data.name);
      setTitle(current.data.title);
    }
  }, [current.data]);

  const submit = () =>
    form.submit(
      () => form.check((schemas) => schemas.certificateSignatory, { name, title }),
      async (body) => {
        await save.mutateAsync(body);
        toast({ title: "Signataire enregistré.", description: `${body.name} (${body.title})` });
      },
    );

  return (
    <section aria-labelledby="signatory-title" className="rounded-xl border border-gray-200 bg-white p-5">
      <h2 id="signatory-title" className="text-lg font-bold text-ink">
        Signataire des attestations
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Réglé une fois pour toutes : imprimé sur chaque attestation rendue disponible ensuite, quelle que soit la
        demande. Celles déjà émises gardent le leur.
      </p>
      <StaffForm form={form} onSubmit={submit} className="mt-4 space-y-4">
        <TextField
          label="Nom du signataire"
          name="name"
          value={name}
          onChange={setName}
          error={form.errors.name}
          disabled={sending}
          maxLength={120}
        />
        <TextField
          label="Fonction"
          name="title"
          value={title}
          onChange={setTitle}
          error={form.errors.title}
          disabled={sending}
          maxLength={120}
        />
        <button type="submit" className={primaryButtonClass} disabled={sending}>
          {sending ? "Enregistrement…" : "Enregistrer le signataire"}
        </button>
      </StaffForm>
    </section>
  );
}
