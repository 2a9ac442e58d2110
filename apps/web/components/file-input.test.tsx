import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { FileInput } from "./file-input.tsx";
import { FileUpload, useUploadQueue } from "./file-upload.tsx";

function Single() {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <label htmlFor="fichier">Fichier CSV ou XLSX</label>
      <FileInput id="fichier" accept=".csv" chosen={file?.name} onFiles={(files) => setFile(files[0] ?? null)} />
    </>
  );
}

function Upload() {
  const queue = useUploadQueue({ multiple: true });
  return <FileUpload label="Fichiers PDF" queue={queue} accept=".pdf" multiple />;
}

describe("file inputs in French", () => {
  it("shows 'Choisir un fichier' and 'Aucun fichier choisi', then the chosen file's name", () => {
    render(<Single />);
    const input = screen.getByLabelText(/Fichier CSV ou XLSX/);
    expect(input).toHaveAttribute("type", "file");
    expect(screen.getByText("Choisir un fichier")).toBeInTheDocument();
    expect(screen.getByText("Aucun fichier choisi")).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Choose File|No file chosen/);
    fireEvent.change(input, { target: { files: [new File(["nom;prenom"], "etudiants.csv", { type: "text/csv" })] } });
    expect(screen.getByText("etudiants.csv")).toBeInTheDocument();
    expect(screen.queryByText("Aucun fichier choisi")).toBeNull();
  });

  it("is the same in the back-office's upload zone", () => {
    render(<Upload />);
    expect(screen.getByLabelText(/Fichiers PDF/)).toHaveAttribute("type", "file");
    expect(screen.getByText("Choisir des fichiers")).toBeInTheDocument();
    expect(screen.getByText("Aucun fichier choisi")).toBeInTheDocument();
  });
});
