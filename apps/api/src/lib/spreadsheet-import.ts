import { inflateRawSync } from "node:zlib";

/**
 * Reading spreadsheets people upload, without trusting them (decision 092).
 *
 * - `checkXlsxArchive` reads an XLSX's zip directory and inflates each entry once, bounded, before any
 *   parser sees the file: a "zip bomb" (a small archive that inflates to hundreds of MB) is refused
 *   after at most `maxInflatedBytes` of work, whatever sizes the archive declares.
 * - `decodeText` reads a CSV in UTF-8 (with or without BOM), UTF-16 with a BOM ("Texte Unicode" of
 *   Excel) or Windows-1252 (the "CSV (séparateur : point-virgule)" of French Excel).
 */

export type ArchiveLimits = {
  /** What every entry may inflate to, in all. */
  maxInflatedBytes: number;
  /** How many entries an archive may have. */
  maxEntries: number;
  /** The largest inflated/compressed ratio of an entry bigger than 1 MB once inflated. */
  maxRatio: number;
};

export type ArchiveProblem = "damaged" | "too_large";

export class ArchiveRefused extends Error {
  readonly problem: ArchiveProblem;
  constructor(problem: ArchiveProblem) {
    super(`archive refused: ${problem}`);
    this.problem = problem;
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const MB = 1024 * 1024;

/** Starts with the local header of a zip archive (XLSX, ODS…). */
export const isZip = (bytes: Buffer) =>
  bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** An OLE compound file: an Excel 97-2003 .xls, or any Office file protected by a password. */
export const isOleCompound = (bytes: Buffer) =>
  bytes.length > 8 && bytes.readUInt32BE(0) === 0xd0cf11e0 && bytes.readUInt32BE(4) === 0xa1b11ae1;

function endOfCentralDirectory(bytes: Buffer): number {
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= stop; at -= 1) {
    if (bytes.readUInt32LE(at) === EOCD) return at;
  }
  throw new ArchiveRefused("damaged");
}

/**
 * Refuses an archive that is damaged, has hidden entries, or inflates beyond the limits. Every entry
 * is inflated here, one at a time, with `maxOutputLength`: what an entry really inflates to is
 * checked against what it declares, so a forged size cannot slip past. The entries must follow each
 * other from the first byte to the directory: the streaming unzip of the parser then meets exactly
 * the entries checked here.
 */
export function checkXlsxArchive(bytes: Buffer, limits: ArchiveLimits): void {
  try {
    const eocd = endOfCentralDirectory(bytes);
    const count = bytes.readUInt16LE(eocd + 10);
    const directorySize = bytes.readUInt32LE(eocd + 12);
    const directoryAt = bytes.readUInt32LE(eocd + 16);
    // ZIP64 markers: a 5 MB spreadsheet never needs them.
    if (count === 0xffff || directoryAt === 0xffffffff || directorySize === 0xffffffff) {
      throw new ArchiveRefused("damaged");
    }
    if (count === 0) throw new ArchiveRefused("damaged");
    if (count > limits.maxEntries) throw new ArchiveRefused("too_large");
    if (directoryAt + directorySize > eocd) throw new ArchiveRefused("damaged");

    type Entry = { name: string; flags: number; method: number; packed: number; size: number; offset: number };
    const entries: Entry[] = [];
    let declared = 0;
    let at = directoryAt;
    for (let i = 0; i < count; i += 1) {
      if (bytes.readUInt32LE(at) !== CENTRAL) throw new ArchiveRefused("damaged");
      const entry = {
        flags: bytes.readUInt16LE(at + 8),
        method: bytes.readUInt16LE(at + 10),
        packed: bytes.readUInt32LE(at + 20),
        size: bytes.readUInt32LE(at + 24),
        offset: bytes.readUInt32LE(at + 42),
        name: bytes.toString("latin1", at + 46, at + 46 + bytes.readUInt16LE(at + 28)),
      };
      at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
      if (entry.flags & 0x1) throw new ArchiveRefused("damaged"); // encrypted
      if (entry.method !== 0 && entry.method !== 8) throw new ArchiveRefused("damaged");
      if (entry.method === 0 && entry.packed !== entry.size) throw new ArchiveRefused("damaged");
      declared += entry.size;
      if (declared > limits.maxInflatedBytes) throw new ArchiveRefused("too_large");
      if (entry.size > MB && entry.size > entry.packed * limits.maxRatio) throw new ArchiveRefused("too_large");
      entries.push(entry);
    }

    entries.sort((a, b) => a.offset - b.offset);
    let expected = 0;
    let inflated = 0;
    for (const entry of entries) {
      if (entry.offset !== expected || bytes.readUInt32LE(entry.offset) !== LOCAL) throw new ArchiveRefused("damaged");
      const localFlags = bytes.readUInt16LE(entry.offset + 6);
      const localMethod = bytes.readUInt16LE(entry.offset + 8);
      const nameLength = bytes.readUInt16LE(entry.offset + 26);
      const extraLength = bytes.readUInt16LE(entry.offset + 28);
      const localName = bytes.toString("latin1", entry.offset + 30, entry.offset + 30 + nameLength);
      if (localMethod !== entry.method || localName !== entry.name) throw new ArchiveRefused("damaged");
      if (!(localFlags & 0x8)) {
        // Without a data descriptor, the local header's sizes are the ones the parser will trust.
        const localPacked = bytes.readUInt32LE(entry.offset + 18);
        const localSize = bytes.readUInt32LE(entry.offset + 22);
        if (localPacked !== entry.packed || localSize !== entry.size) throw new ArchiveRefused("damaged");
      }
      const dataAt = entry.offset + 30 + nameLength + extraLength;
      const dataEnd = dataAt + entry.packed;
      if (dataEnd > directoryAt) throw new ArchiveRefused("damaged");
      if (entry.method === 8) {
        let output: Buffer;
        try {
          output = inflateRawSync(bytes.subarray(dataAt, dataEnd), {
            maxOutputLength: Math.max(1, Math.min(entry.size, limits.maxInflatedBytes - inflated) + 1),
          });
        } catch (error) {
          const tooBig = (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" || error instanceof RangeError;
          throw new ArchiveRefused(tooBig ? "too_large" : "damaged");
        }
        if (output.length !== entry.size) throw new ArchiveRefused("damaged");
      }
      inflated += entry.size;
      expected = dataEnd;
      if (localFlags & 0x8) {
        // The data descriptor, with or without its optional signature.
        expected += bytes.readUInt32LE(expected) === DESCRIPTOR ? 16 : 12;
      }
    }
    if (expected !== directoryAt) throw new ArchiveRefused("damaged");
  } catch (error) {
    if (error instanceof ArchiveRefused) throw error;
    // A read past the end of a truncated file.
    throw new ArchiveRefused("damaged");
  }
}

export type DecodedText = { text: string; encoding: "utf-8" | "utf-16" | "windows-1252" };

/** The text of a CSV, whichever of the encodings Excel writes; `null` for what is not text. */
export function decodeText(bytes: Buffer): DecodedText | null {
  let decoded: DecodedText;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    decoded = { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16" };
  } else if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    decoded = { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16" };
  } else {
    try {
      decoded = { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
    } catch {
      // Not UTF-8: every byte means something in Windows-1252, so this never fails.
      decoded = { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
    }
  }
  decoded.text = decoded.text.replace(/^\uFEFF/, "");
  // Text has no NUL and few control characters; a binary file has many.
  if (decoded.text.includes("\u0000")) return null;
  let controls = 0;
  for (let i = 0; i < decoded.text.length; i += 1) {
    const code = decoded.text.charCodeAt(i);
    const isControl =
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);
    if (isControl) controls += 1;
  }
  if (controls > Math.max(2, decoded.text.length / 100)) return null;
  return decoded;
}
