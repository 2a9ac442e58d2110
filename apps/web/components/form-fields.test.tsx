import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { type FormEvent, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { staffJson } from "../lib/staff-api.ts";
import { FormAlert, TextField, useFormErrors } from "./form-fields.tsx";

const FIELDS = ["name", "email"] as const;

/** A small form of the back-office: the staff invitation, checked by the contract's schema. */
function InviteForm() {
  const form = useFormErrors<(typeof FIELDS)[number]>();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = await form.check((schemas) => schemas.staffAccountCreateRequest, {
      name,
      email,
      role: "pedagogie",
      centre_ids: [],
    });
    if (!body) return;
    try {
      await staffJson("/api/gestion/comptes", { body });
      setSent(true);
    } catch (error) {
      form.fail(error, FIELDS);
    }
  }
  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit}>
      {form.alert && <FormAlert>{form.alert}</FormAlert>}
      <TextField label="Nom complet" name="name" value={name} onChange={setName} error={form.errors.name} />
      <TextField label="Adresse e-mail" name="email" value={email} onChange={setEmail} error={form.errors.email} />
      <button type="submit">Envoyer</button>
      {sent && <p>Envoyé</p>}
    </form>
  );
}

function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe("form errors", () => {
  it("the contract's schema is checked before sending, each message under its field, the first field focused", async () => {
    const fetch = answer(201, {});
    render(<InviteForm />);
    fireEvent.change(screen.getByLabelText("Adresse e-mail"), { target: { value: "pas-une-adresse" } });
    fireEvent.click(screen.getByRole("button", { name: "Envoyer" }));
    const name = screen.getByLabelText("Nom complet");
    await waitFor(() => expect(name).toHaveAccessibleDescription("Le nom est requis."));
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Adresse e-mail")).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(name).toHaveFocus());
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a 422 from the server puts its messages next to the same fields", async () => {
    answer(422, {
      message: "Les données envoyées ne sont pas valides.",
      errors: { email: ["Cette adresse e-mail est déjà utilisée par un compte du personnel."] },
    });
    render(<InviteForm />);
    fireEvent.change(screen.getByLabelText("Nom complet"), { target: { value: "Salma Bennani" } });
    fireEvent.change(screen.getByLabelText("Adresse e-mail"), { target: { value: "salma@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Envoyer" }));
    const email = screen.getByLabelText("Adresse e-mail");
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription("Cette adresse e-mail est déjà utilisée par un compte du personnel."),
    );
    expect(screen.getByLabelText("Nom complet")).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a failure that belongs to no field is the form's alert", async () => {
    answer(403, { message: "Vous n'avez pas les droits nécessaires pour cette action." });
    render(<InviteForm />);
    fireEvent.change(screen.getByLabelText("Nom complet"), { target: { value: "Salma Bennani" } });
    fireEvent.change(screen.getByLabelText("Adresse e-mail"), { target: { value: "salma@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Envoyer" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Vous n'avez pas les droits nécessaires pour cette action.",
    );
  });

  it("a 422 on a field the form does not have is said in the alert", async () => {
    answer(422, { message: "Données invalides", errors: { centre_ids: ["Ce centre n'existe pas."] } });
    render(<InviteForm />);
    fireEvent.change(screen.getByLabelText("Nom complet"), { target: { value: "Salma Bennani" } });
    fireEvent.change(screen.getByLabelText("Adresse e-mail"), { target: { value: "salma@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Envoyer" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Ce centre n'existe pas.");
  });
});
