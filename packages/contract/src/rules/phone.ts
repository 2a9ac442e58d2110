/**
 * Phone numbers of students, stored in one form (E.164, e.g. `+212661001234`) whatever the
 * spreadsheet or the form gave: `0661 00 12 34`, `+212 661-001-234`, `00212661001234`,
 * `212661001234`, or `661001234` (a number cell of Excel drops the leading 0). A foreign
 * number keeps its `+` and digits. Pure: used by the import and the staff student form.
 */
export const PHONE_MESSAGES = {
  invalid: "Ce numéro de téléphone n'est pas valide (ex. 0661001234 ou +212661001234).",
} as const;

/** The stored form, or `null` when the text is not a phone number. Empty text is not handled here. */
export function normalisePhone(input: string | number): string | null {
  let text = typeof input === "number" ? (Number.isInteger(input) ? String(input) : "") : input.trim();
  // Separators people type: spaces (also non-breaking), dots, dashes, slashes, parentheses.
  text = text.replace(/[\s\u00a0\u202f.\-/()]/g, "");
  if (text.startsWith("00")) text = `+${text.slice(2)}`;
  if (/^\+2120[5-8]\d{8}$/.test(text)) return `+212${text.slice(5)}`;
  if (/^\+212[5-8]\d{8}$/.test(text)) return text;
  if (/^212[5-8]\d{8}$/.test(text)) return `+${text}`;
  if (/^0[5-8]\d{8}$/.test(text)) return `+212${text.slice(1)}`;
  if (/^[5-8]\d{8}$/.test(text)) return `+212${text}`;
  if (/^\+212/.test(text)) return null;
  if (/^\+[1-9]\d{6,14}$/.test(text)) return text;
  return null;
}

/** A stored Moroccan number as people read it (`06 61 00 12 34`); any other text as it is. */
export function formatPhone(stored: string | null | undefined): string {
  if (!stored) return "";
  const match = /^\+212([5-8]\d{8})$/.exec(stored);
  if (!match?.[1]) return stored;
  return `0${match[1]}`.replace(/(\d{2})(?=\d)/g, "$1 ");
}
