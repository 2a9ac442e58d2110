/** A `#rrggbb` colour as red, green and blue between 0 and 1 (for the PDFs). */
export function rgbOfHex(hex: string): { red: number; green: number; blue: number } {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return { red: ((value >> 16) & 255) / 255, green: ((value >> 8) & 255) / 255, blue: (value & 255) / 255 };
}
