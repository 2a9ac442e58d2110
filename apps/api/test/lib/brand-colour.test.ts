import { inflateSync } from "node:zlib";
import { brand } from "@puerta/contract/brand";
import { describe, expect, it } from "vitest";
import { linkMail } from "../../src/lib/mailer/index.ts";
import { renderAttestationPdf } from "../../src/modules/certificates/attestation-pdf.ts";
import { certificateChangeMail } from "../../src/modules/certificates/mail.ts";

/** Every content stream of a PDF, inflated when it is compressed. */
function pdfStreams(bytes: Buffer): string {
  const text = bytes.toString("latin1");
  const out: string[] = [];
  for (const match of text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const raw = Buffer.from(match[1] ?? "", "latin1");
    try {
      out.push(inflateSync(raw).toString("latin1"));
    } catch {
      out.push(raw.toString("latin1"));
    }
  }
  return out.join("\n");
}

describe("one brand colour (packages/contract/src/brand/brand.json) in the e-mails and PDFs", () => {
  const colour = brand.color;

  it("is the app's red", () => {
    expect(colour).toBe("#a50d26");
  });

  it("colours the e-mails' title, button and links, with no blue left", () => {
    const invitation = linkMail({
      to: "a@example.com",
      subject: "Invitation",
      title: "Invitation",
      before: ["Bonjour"],
      link: "https://puerta.example/gestion/activer?token=x",
      button: "Activer mon compte",
      after: [],
    }).html;
    const certificate = certificateChangeMail({
      to: "a@example.com",
      firstName: "Salma",
      title: "Attestation de scolarité",
      status: "Disponible",
      motif: null,
      link: "https://puerta.example/demande-attestation",
    }).html;
    for (const html of [invitation, certificate]) {
      expect(html).toContain(`color:${colour}`);
      expect(html).not.toMatch(/#1d4ed8|#1e3a8a/i);
    }
    expect(invitation).toContain(`background:${colour}`);
  });

  it("draws the attestation's letterhead in it, not in blue", async () => {
    const pdf = await renderAttestationPdf({
      letterhead: { name: "Puerta", tagline: "t", address: "a", contact: "c", color: colour },
      title: "Attestation de scolarité",
      numero: "PUE-2026-000001",
      holderName: "Salma El Amrani",
      cin: "BE123456",
      centre: "Ain Sebaa",
      option: "Sciences",
      schoolYear: "2026-2027",
      languages: ["Français"],
      level: null,
      place: "Casablanca",
      issuedOn: "26 novembre 2026",
      signatory: { name: "La Direction", title: "Direction de l'établissement" },
      verificationUrl: "https://puerta.example/verifier/ABC",
    });
    const streams = pdfStreams(pdf);
    expect(streams).toMatch(/0\.647\d*\s+0\.05\d*\s+0\.149\d*\s+rg/);
    expect(streams).not.toMatch(/0\.11\s+0\.31\s+0\.85\s+rg/);
  });
});
