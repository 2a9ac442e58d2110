import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MotifDialog } from "./motif-dialog.tsx";

function renderDialog(onConfirm: (motif: string) => Promise<unknown>) {
  render(
    <MotifDialog
      open
      onOpenChange={() => undefined}
      kind="refus"
      title="Refuser cette demande ?"
      description="L'étudiant est prévenu."
      label="Motif du refus"
      confirmLabel="Refuser la demande"
      onConfirm={onConfirm}
    />,
  );
}

describe("MotifDialog", () => {
  it("asks for the reason with the contract's message, next to the field, and sends nothing", async () => {
    const onConfirm = vi.fn(async () => undefined);
    renderDialog(onConfirm);
    await userEvent.type(screen.getByLabelText("Motif du refus"), "   ");
    await userEvent.click(screen.getByRole("button", { name: "Refuser la demande" }));
    expect(await screen.findByText("Indiquez le motif du refus : il sera montré à l'étudiant.")).toBeInTheDocument();
    expect(screen.getByLabelText("Motif du refus")).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(screen.getByLabelText("Motif du refus")).toHaveFocus());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("sends the trimmed reason", async () => {
    const onConfirm = vi.fn(async () => undefined);
    renderDialog(onConfirm);
    await userEvent.type(screen.getByLabelText("Motif du refus"), "  Dossier incomplet. ");
    await userEvent.click(screen.getByRole("button", { name: "Refuser la demande" }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith("Dossier incomplet."));
  });
});
