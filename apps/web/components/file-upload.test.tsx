import { UPLOAD_TEXT } from "@puerta/contract";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { uploadWithProgress } from "../lib/upload.ts";
import { FileUpload, type UploadOutcome, useUploadQueue } from "./file-upload.tsx";

/**
 * The browser's XMLHttpRequest as the upload sees it: it records what was sent, and the test
 * plays the network (progress events, the answer). Only the browser's object is replaced.
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: FormData | null = null;
  withCredentials = false;
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function Harness({ onDone }: { onDone: (outcomes: UploadOutcome[]) => void }) {
  const queue = useUploadQueue({ multiple: true, maxBytes: 1000, tooLargeMessage: "Trop gros." });
  const [titleError, setTitleError] = useState<string>();
  return (
    <form
      onSubmit={async (event) => {
        event.preventDefault();
        const outcomes = await queue.run((item, onProgress, signal) => {
          const body = new FormData();
          body.set("file", item.file);
          return uploadWithProgress({ url: "/api/gestion/plannings", body, onProgress, signal });
        });
        const failed = outcomes.find((o) => o.error);
        const byField = (failed?.error as { body?: { errors?: Record<string, string[]> } })?.body?.errors;
        setTitleError(byField?.titre?.[0]);
        onDone(outcomes);
      }}
    >
      <FileUpload label="Fichiers PDF" queue={queue} accept="application/pdf" multiple />
      {titleError && <p>{titleError}</p>}
      <button type="submit">Publier</button>
    </form>
  );
}

const pdf = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: "application/pdf" });

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.sent = [];
});

describe("FileUpload", () => {
  it("sends each dropped file with the CSRF echo, shows its progress, and the server's French 422 by the file", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const onDone = vi.fn();
    render(<Harness onDone={onDone} />);
    fireEvent.drop(screen.getByTestId("drop-zone"), { dataTransfer: { files: [pdf("s1.pdf"), pdf("s2.pdf")] } });
    expect(screen.getByText("s1.pdf")).toBeInTheDocument();
    expect(screen.getByText("s2.pdf")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Publier" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const first = FakeXhr.sent[0] as FakeXhr;
    expect(first.method).toBe("POST");
    expect(first.url).toBe("/api/gestion/plannings");
    expect(first.headers["X-XSRF-TOKEN"]).toBe("jeton-csrf");
    expect(first.headers.Authorization).toBeUndefined();
    expect((first.body?.get("file") as File | undefined)?.name).toBe("s1.pdf");

    first.progress(40, 100);
    const bar = await screen.findByRole("progressbar", { name: "Envoi de s1.pdf" });
    await waitFor(() => expect(bar).toHaveAttribute("value", "40"));
    first.answer(201, { data: { id: 1 } });

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    (FakeXhr.sent[1] as FakeXhr).answer(422, {
      message: UPLOAD_TEXT.pdfInvalid,
      errors: { file: [UPLOAD_TEXT.pdfInvalid], titre: ["Le titre est obligatoire."] },
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const second = screen.getByText("s2.pdf").closest("li") as HTMLElement;
    expect(within(second).getByRole("alert")).toHaveTextContent(UPLOAD_TEXT.pdfInvalid);
    expect(screen.getByText("Le titre est obligatoire.")).toBeInTheDocument();
    const firstRow = screen.getByText("s1.pdf").closest("li") as HTMLElement;
    expect(within(firstRow).getByText("Envoyé")).toBeInTheDocument();
  });

  it("cancels a file on its way", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const onDone = vi.fn();
    render(<Harness onDone={onDone} />);
    fireEvent.change(screen.getByLabelText("Fichiers PDF"), { target: { files: [pdf("long.pdf")] } });
    fireEvent.click(screen.getByRole("button", { name: "Publier" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    fireEvent.click(await screen.findByRole("button", { name: "Annuler l'envoi de long.pdf" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(screen.getByRole("alert")).toHaveTextContent(UPLOAD_TEXT.cancelled);
  });

  it("refuses a file over the limit before sending it, and says so", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const onDone = vi.fn();
    render(<Harness onDone={onDone} />);
    fireEvent.change(screen.getByLabelText("Fichiers PDF"), { target: { files: [pdf("enorme.pdf", 5000)] } });
    expect(screen.getByRole("alert")).toHaveTextContent("Trop gros.");
    fireEvent.click(screen.getByRole("button", { name: "Publier" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("says when the server cannot be reached", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const onDone = vi.fn();
    render(<Harness onDone={onDone} />);
    fireEvent.change(screen.getByLabelText("Fichiers PDF"), { target: { files: [pdf("a.pdf")] } });
    fireEvent.click(screen.getByRole("button", { name: "Publier" }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    (FakeXhr.sent[0] as FakeXhr).onerror?.();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(screen.getByRole("alert")).toHaveTextContent("Impossible de contacter le serveur");
  });
});
