import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { serveByPath, serveInOrder } from "../../test/network.ts";
import { renderRoutes } from "../../test/render.tsx";
import { signInAs } from "../../test/session.ts";
import ProfilePage from "./profile-page.tsx";

const student = {
  student_id: "PU-2025-0001",
  etudiant_id: 1,
  id: 1,
  nom: "El Amrani",
  prenom: "Yasmine",
  email: "yasmine@example.com",
  telephone_etudiant: "+212612345678",
  cin_etudiant: "BE123456",
  option: { id: 1, nom: "Selectividad Santé" },
  option_id: 1,
  centre: { id: 1, nom: "Ain Sebaa" },
  centre_id: 1,
  filiere_id: 1,
  profile_image: null,
};

/** The signed-in student, as GET /api/user answers. */
const user = {
  id: 9,
  name: "Yasmine El Amrani",
  email: student.email,
  created_at: "2025-09-01T08:00:00.000Z",
  etudiant: {
    id: student.id,
    student_id: student.student_id,
    centre_id: student.centre_id,
    option_id: student.option_id,
    filiere_id: student.filiere_id,
    centre: student.centre,
    option: student.option,
    telephone_etudiant: student.telephone_etudiant,
    nom: student.nom,
    prenom: student.prenom,
    email: student.email,
    profile_image: student.profile_image,
    cin_etudiant: student.cin_etudiant,
    statut_scolaire: "inscrit" as const,
  },
};

const renderProfile = () => renderRoutes([{ path: "/profile", Component: ProfilePage }], "/profile");

describe("ProfilePage", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(user);
  });
  afterEach(() => vi.useRealTimers());

  it("shows the signed-in student at once (the server renders it, decision 101) and shows initials without a photo", async () => {
    renderProfile();
    expect(screen.queryByText("Chargement du profil...")).toBeNull();
    expect(await screen.findByRole("heading", { level: 1, name: "Profil Étudiant" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Initiales de Yasmine El Amrani" })).toHaveTextContent("YE");
    for (const text of ["yasmine@example.com", "06 12 34 56 78", "Ain Sebaa", "Selectividad Santé"]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole("link", { name: "Modifier le mot de passe" })).toHaveAttribute(
      "href",
      "/modifier-mot-de-passe",
    );
  });

  it("shows no student data for an account without a student record", async () => {
    signInAs({ ...user, etudiant: null });
    renderProfile();
    expect(await screen.findByText("Aucune donnée étudiant disponible.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Profil Étudiant" })).toBeInTheDocument();
  });

  it("the edit button opens an image-only chooser and refuses other files before sending", async () => {
    const calls = serveInOrder();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, applyAccept: false });
    renderProfile();
    await user.click(await screen.findByRole("button", { name: "Modifier le profil" }));
    const chooser = screen.getByLabelText("Photo de profil");
    expect(chooser).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");
    await user.upload(chooser, new File(["%PDF-1.7"], "cv.pdf", { type: "application/pdf" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Seules les images JPEG, PNG ou WebP sont acceptées.");
    expect(calls.filter((call) => call.path.includes("/photo"))).toEqual([]);
    vi.unstubAllGlobals();
  });

  it("shows the e-mail copies setting and saves it when unticked", async () => {
    const calls = serveByPath({
      "/api/profile/email-copies": [
        { status: 200, body: { success: true, email_copies: true } },
        {
          status: 200,
          body: {
            success: true,
            email_copies: false,
            message: "Vous ne recevrez plus de copie des notifications par e-mail.",
          },
        },
      ],
      "/sanctum/csrf-cookie": { status: 204, body: null },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderProfile();
    const box = await screen.findByRole("checkbox", { name: "Recevoir une copie des notifications par e-mail" });
    await vi.waitFor(() => expect(box).toBeChecked());
    await user.click(box);
    expect(await screen.findByText("Vous ne recevrez plus de copie des notifications par e-mail.")).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(calls.filter((call) => call.method === "PUT")).toEqual([
      { method: "PUT", path: "/api/profile/email-copies", body: { email_copies: false } },
    ]);
    vi.unstubAllGlobals();
  });

  describe("Télécharger mes données", () => {
    /** What the browser was handed to save: the file's name and type (object URLs are the browser's). */
    function watchDownloads() {
      const saved: { name: string; type: string }[] = [];
      const blobs = new Map<string, Blob>();
      // jsdom has no object URLs: these stand for the browser's, and keep the blob to read its type.
      URL.createObjectURL = (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      };
      URL.revokeObjectURL = () => {};
      vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ name: this.download, type: blobs.get(this.href)?.type ?? "" });
      });
      return saved;
    }
    const { createObjectURL, revokeObjectURL } = URL;
    afterEach(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    });

    it("downloads the student's own ZIP, named after their number", async () => {
      const calls = serveByPath({
        "/api/profile/email-copies": { status: 200, body: { success: true, email_copies: true } },
        "/api/profile/donnees": { status: 200, body: "PK", headers: { "Content-Type": "application/zip" } },
      });
      const saved = watchDownloads();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderProfile();
      expect(await screen.findByRole("heading", { level: 2, name: "Mes données personnelles" })).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Télécharger mes données" }));
      await vi.waitFor(() => expect(saved).toEqual([{ name: "donnees-PU-2025-0001.zip", type: "application/zip" }]));
      expect(calls.filter((call) => call.path === "/api/profile/donnees")).toEqual([
        { method: "GET", path: "/api/profile/donnees", body: undefined },
      ]);
      expect(screen.queryByRole("alert")).toBeNull();
    });

    it("says in French, from the server, when the hour's downloads are spent", async () => {
      const message = "Vous avez déjà téléchargé vos données 3 fois en une heure. Réessayez dans 42 minutes.";
      serveByPath({
        "/api/profile/email-copies": { status: 200, body: { success: true, email_copies: true } },
        "/api/profile/donnees": {
          status: 429,
          body: { message, retry_after: 2520 },
          headers: { "Retry-After": "2520" },
        },
      });
      const saved = watchDownloads();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderProfile();
      await user.click(await screen.findByRole("button", { name: "Télécharger mes données" }));
      expect(await screen.findByRole("alert")).toHaveTextContent(message);
      expect(saved).toEqual([]);
      expect(screen.getByRole("button", { name: "Télécharger mes données" })).toBeEnabled();
    });
  });
});
