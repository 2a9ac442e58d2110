import { PDFDocument, rgb } from "@cantoo/pdf-lib";
import QRCode from "qrcode";
import { rgbOfHex } from "../../lib/brand.ts";
import { draw, embedFonts, MUTED, paragraph, type TextStyle, widthOf } from "../../lib/pdf-text.ts";

/** Everything printed on an attestation (docs/spec/back-office.md section 6). */
export type AttestationContent = {
  /** `color`: the brand colour (`#rrggbb`) of the name, the rule and the link. */
  letterhead: { name: string; tagline: string; address: string; contact: string; color: string };
  title: string;
  numero: string;
  holderName: string;
  cin: string | null;
  centre: string | null;
  option: string | null;
  schoolYear: string;
  /** The year is over (or the student had left) when issued: the statement is in the past tense. */
  past?: boolean;
  /** For a scolaire request: the languages it covers. */
  languages: string[] | null;
  /** For a language certificate: B1 or B2, and its label. */
  level: { code: string; label: string } | null;
  place: string;
  issuedOn: string;
  signatory: { name: string; title: string };
  verificationUrl: string;
};

/** The A4 attestation as PDF bytes. */
export async function renderAttestationPdf(content: AttestationContent): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${content.title} — ${content.numero}`);
  pdf.setAuthor(content.letterhead.name);
  pdf.setSubject(content.title);
  pdf.setLanguage("fr-FR");
  pdf.setCreator(content.letterhead.name);
  pdf.setProducer(content.letterhead.name);
  const fonts = await embedFonts(pdf);
  const page = pdf.addPage([595.28, 841.89]);
  const { width } = page.getSize();
  const margin = 64;
  const right = width - margin;
  const brand = rgbOfHex(content.letterhead.color);
  const accent = rgb(brand.red, brand.green, brand.blue);
  const centred = (text: string, y: number, style: TextStyle) =>
    draw(page, fonts, text, (width - widthOf(text, fonts, style)) / 2, y, style);

  // Letterhead.
  let y = 780;
  draw(page, fonts, content.letterhead.name, margin, y, { size: 24, bold: true, color: accent });
  y -= 18;
  draw(page, fonts, content.letterhead.tagline, margin, y, { size: 9.5, color: MUTED });
  y -= 14;
  draw(page, fonts, content.letterhead.address, margin, y, { size: 9.5, color: MUTED });
  y -= 14;
  draw(page, fonts, content.letterhead.contact, margin, y, { size: 9.5, color: MUTED });
  y -= 14;
  page.drawLine({ start: { x: margin, y }, end: { x: right, y }, thickness: 1.2, color: accent });

  // Number, title.
  y -= 28;
  const numero = `N° ${content.numero}`;
  draw(page, fonts, numero, right - widthOf(numero, fonts, { size: 10, bold: true }), y, { size: 10, bold: true });
  y -= 52;
  centred(content.title, y, { size: 22, bold: true });
  y -= 48;

  // Body.
  const body: TextStyle = { size: 11.5 };
  const statement = content.level
    ? `La direction de ${content.letterhead.name} certifie que l'étudiant(e) désigné(e) ci-dessous a atteint le niveau ${content.level.code} (${content.level.label}) en langue espagnole au sein de notre établissement, au titre de l'année scolaire ${content.schoolYear}.`
    : content.past
      ? `La direction de ${content.letterhead.name} atteste que l'étudiant(e) désigné(e) ci-dessous a été régulièrement inscrit(e) dans notre établissement au titre de l'année ${content.schoolYear}.`
      : `La direction de ${content.letterhead.name} atteste que l'étudiant(e) désigné(e) ci-dessous est régulièrement inscrit(e) dans notre établissement au titre de l'année scolaire ${content.schoolYear}.`;
  y = paragraph(page, fonts, statement, margin, y, right - margin, body);
  y -= 12;

  const rows: [string, string][] = [
    ["Nom et prénom", content.holderName],
    ["CIN", content.cin ?? "—"],
    ["Centre", content.centre ?? "—"],
    ["Option", content.option ?? "—"],
    ["Année scolaire", content.schoolYear],
  ];
  if (content.languages) rows.push(["Langues", content.languages.join(", ") || "—"]);
  if (content.level) rows.push(["Niveau", `${content.level.code} — ${content.level.label}`]);
  for (const [label, value] of rows) {
    draw(page, fonts, label, margin + 12, y, { size: 11, color: MUTED });
    draw(page, fonts, value, margin + 150, y, { size: 12, bold: true });
    y -= 24;
  }
  y -= 10;
  y = paragraph(
    page,
    fonts,
    "Cette attestation est délivrée à l'intéressé(e) pour servir et valoir ce que de droit.",
    margin,
    y,
    right - margin,
    body,
  );
  y -= 6;
  draw(page, fonts, `Fait à ${content.place}, le ${content.issuedOn}`, margin, y, body);

  // Signatory, right.
  y -= 44;
  const signer = [
    { text: content.signatory.name, style: { size: 12, bold: true } },
    { text: content.signatory.title, style: { size: 10.5, color: MUTED } },
  ];
  for (const line of signer) {
    draw(page, fonts, line.text, right - widthOf(line.text, fonts, line.style), y, line.style);
    y -= 16;
  }

  // QR code and the verification address, bottom.
  const qr = QRCode.create(content.verificationUrl, { errorCorrectionLevel: "M" });
  const modules = qr.modules.size;
  const qrSize = 96;
  const cell = qrSize / modules;
  const qrX = margin;
  const qrY = 92;
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (qr.modules.get(row, col)) {
        page.drawRectangle({
          x: qrX + col * cell,
          y: qrY + qrSize - (row + 1) * cell,
          width: cell,
          height: cell,
          color: rgb(0, 0, 0),
        });
      }
    }
  }
  const textX = qrX + qrSize + 16;
  draw(page, fonts, "Vérifier l'authenticité de ce document :", textX, qrY + 62, { size: 9.5, bold: true });
  draw(page, fonts, "scannez le code QR ou ouvrez l'adresse ci-dessous.", textX, qrY + 48, { size: 9.5, color: MUTED });
  draw(page, fonts, content.verificationUrl, qrX, qrY - 16, { size: 8.5, color: accent });
  page.drawLine({ start: { x: margin, y: 56 }, end: { x: right, y: 56 }, thickness: 0.6, color: MUTED });
  draw(page, fonts, `${content.letterhead.name} — ${content.letterhead.address}`, margin, 42, {
    size: 8,
    color: MUTED,
  });

  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
