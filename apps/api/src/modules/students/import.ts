import {
  centreLimit,
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportConfirmRequest,
  type ImportConfirmResponse,
  type ImportPreviewResponse,
  type ImportRow,
  type ImportRowStatus,
  normalisePhone,
  STUDENT_STAFF_LIMITS,
  STUDENT_STAFF_MESSAGES,
  studentCreateRequest,
} from "@puerta/contract";
import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { AppContext } from "../../app-context.ts";
import {
  centres,
  etudiants,
  filieres,
  options,
  studentImports,
  studentInvitations,
  users,
} from "../../db/schema/index.ts";
import { HttpError, notFound, validationFailed } from "../../lib/errors.ts";
import { ArchiveRefused, checkXlsxArchive, decodeText, isOleCompound, isZip } from "../../lib/spreadsheet-import.ts";
import type { LiveSession } from "../../lib/staff-session.ts";
import { auditActor } from "../../lib/staff-session.ts";
import { randomToken, sha256Hex } from "../../lib/tokens.ts";
import { audit } from "../audit/service.ts";
import { studentInvitationMail } from "./mail.ts";
import type { Executor } from "./staff-queries.ts";
import { generateStudentNumbers, nextEtudiantIds } from "./staff-service.ts";

const m = STUDENT_STAFF_MESSAGES;
const L = STUDENT_STAFF_LIMITS;
const REQUIRED: readonly ImportColumn[] = ["nom", "prenom", "email", "centre"];
const CHUNK = 500;

/** One line of the file as read: its number in the file and its cells by column. */
type RawRow = { line: number; values: Partial<Record<ImportColumn, string>> };

/** A line judged against the database: what the preview shows, and what "Importer" would write. */
type Judged = ImportRow & {
  existingEtudiantId?: number;
  existingUserId?: number;
  write?: {
    nom: string;
    prenom: string;
    email: string;
    telephone: string | null;
    cin: string | null;
    numero_etudiant: string | null;
    centreId: number;
    optionId: number | null;
    filiereId: number | null;
  };
};

/** Names of centres, options and filières compared without accents, case or extra spaces. */
export const comparable = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, " ");

const HEADER_ALIASES: Record<string, ImportColumn> = {
  e_mail: "email",
  mail: "email",
  courriel: "email",
  tel: "telephone",
  numero: "numero_etudiant",
  num_etudiant: "numero_etudiant",
};

function headerColumn(cell: string): ImportColumn | undefined {
  const key = comparable(cell).replace(/[\s'-]+/g, "_");
  if ((IMPORT_COLUMNS as readonly string[]).includes(key)) return key as ImportColumn;
  return HEADER_ALIASES[key];
}

const ARCHIVE_LIMITS = { maxInflatedBytes: L.importMaxInflatedBytes, maxEntries: 1000, maxRatio: 200 };

/**
 * The file's cells, header first: XLSX by its signature (its archive checked first, decision 092),
 * otherwise CSV in UTF-8 (with or without BOM), UTF-16 or Windows-1252, with `;`, `,` or a tab.
 * A file that cannot be read says why: encoding, separator, empty sheet, damaged archive.
 */
async function readCells(name: string, bytes: Buffer): Promise<string[][]> {
  if (isOleCompound(bytes)) throw validationFailed({ file: [m.importOldExcel] });
  // The parsers are loaded by the first import, not at start (decision 080).
  if (isZip(bytes)) {
    try {
      checkXlsxArchive(bytes, ARCHIVE_LIMITS);
    } catch (error) {
      const tooLarge = error instanceof ArchiveRefused && error.problem === "too_large";
      throw validationFailed({ file: [tooLarge ? m.importXlsxTooLarge : m.importXlsxDamaged] });
    }
    const { default: readXlsxFile } = await import("read-excel-file/node");
    let rows: Awaited<ReturnType<typeof readXlsxFile>>;
    try {
      rows = await readXlsxFile(bytes);
    } catch {
      throw validationFailed({ file: [m.importXlsxDamaged] });
    }
    const cells = rows.map((row) => row.map(xlsxCell));
    if (cells.every((row) => row.every((cell) => cell.trim() === ""))) {
      throw validationFailed({ file: [m.importEmptySheet] });
    }
    return cells;
  }
  if (/\.xlsx?$/i.test(name)) throw validationFailed({ file: [m.importXlsxDamaged] });
  const decoded = decodeText(bytes);
  if (!decoded) throw validationFailed({ file: [m.importFileType] });
  const { text } = decoded;
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const count = (char: string) => firstLine.split(char).length - 1;
  const delimiter = [";", ",", "\t"].reduce((best, char) => (count(char) > count(best) ? char : best), ";");
  const { parse: parseCsv } = await import("csv-parse/sync");
  try {
    return parseCsv(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw validationFailed({ file: [line ? m.importCsvMalformed(line) : m.importFileUnreadable] });
  }
}

/** An XLSX cell as text: a whole number without exponent, a date as YYYY-MM-DD. */
function xlsxCell(cell: unknown): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number") return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}

/** Header to columns, then each non-empty line as a raw row numbered as in the file. */
export async function readImportFile(name: string, bytes: Buffer): Promise<RawRow[]> {
  const cells = await readCells(name, bytes);
  const [header, ...body] = cells;
  if (!header) throw validationFailed({ file: [m.importEmpty] });
  const columns = header.map(headerColumn);
  const missing = REQUIRED.filter((column) => !columns.includes(column));
  // One cell holding the whole header: the columns were separated by something else.
  if (missing.length > 0 && header.length === 1) {
    throw validationFailed({ file: [m.importSeparator] });
  }
  if (missing.length > 0) throw validationFailed({ file: [m.importMissingColumns(missing)] });
  const rows: RawRow[] = [];
  body.forEach((cellsOfLine, index) => {
    if (cellsOfLine.every((cell) => cell.trim() === "")) return;
    const values: RawRow["values"] = {};
    columns.forEach((column, i) => {
      if (column) values[column] = (cellsOfLine[i] ?? "").trim();
    });
    rows.push({ line: index + 2, values });
  });
  if (rows.length === 0) throw validationFailed({ file: [m.importEmpty] });
  if (rows.length > L.importMaxRows) throw validationFailed({ file: [m.importTooManyRows] });
  return rows;
}

/** The fields of one line checked with the contract's own student schema, errors by column. */
const FIELD_COLUMN: Record<string, ImportColumn> = {
  nom: "nom",
  prenom: "prenom",
  email: "email",
  telephone: "telephone",
  cin: "cin",
  numero_etudiant: "numero_etudiant",
};

/**
 * Judges every line against the database as it is now, inside `executor` (the preview reads, the
 * confirmation re-judges in its own transaction, so it never writes what has changed since).
 */
async function judge(executor: Executor, staff: LiveSession, raw: readonly RawRow[]): Promise<Judged[]> {
  // One after the other: in the confirmation's transaction they share one connection, which takes
  // one query at a time (node-postgres queues overlapping ones, deprecated, and pg 9 refuses them).
  const centreRows = await executor.select({ id: centres.id, nom: centres.nom }).from(centres);
  const optionRows = await executor
    .select({ id: options.id, nom: options.nom, filiereId: options.filiereId })
    .from(options);
  const filiereRows = await executor.select({ id: filieres.id, nom: filieres.nom }).from(filieres);
  const byName = <T extends { nom: string }>(rows: T[]) => new Map(rows.map((row) => [comparable(row.nom), row]));
  const centreByName = byName(centreRows);
  const optionByName = byName(optionRows);
  const filiereByName = byName(filiereRows);
  const names = (rows: { id: number; nom: string }[]) => new Map(rows.map((row) => [row.id, row.nom]));
  const centreName = names(centreRows);
  const optionName = names(optionRows);
  const filiereName = names(filiereRows);
  // The centres an import may place students in: every centre, or the secretary's (the contract's one limit).
  const scope = centreLimit(staff, "create:etudiants");

  const emails = [...new Set(raw.map((r) => (r.values.email ?? "").toLowerCase()).filter(Boolean))];
  const numbers = [...new Set(raw.map((r) => r.values.numero_etudiant ?? "").filter(Boolean))];
  const existing = new Map<string, typeof etudiants.$inferSelect & { userEmail: string }>();
  const numberOwner = new Map<string, number>();
  for (let i = 0; i < emails.length; i += CHUNK) {
    const rows = await executor
      .select({ e: etudiants, userEmail: users.email })
      .from(users)
      .innerJoin(etudiants, eq(etudiants.userId, users.id))
      .where(inArray(users.email, emails.slice(i, i + CHUNK)));
    for (const row of rows) existing.set(row.userEmail, { ...row.e, userEmail: row.userEmail });
  }
  const takenEmails = new Set<string>();
  for (let i = 0; i < emails.length; i += CHUNK) {
    const rows = await executor
      .select({ email: users.email })
      .from(users)
      .where(inArray(users.email, emails.slice(i, i + CHUNK)));
    for (const row of rows) takenEmails.add(row.email);
  }
  for (let i = 0; i < numbers.length; i += CHUNK) {
    const rows = await executor
      .select({ id: etudiants.id, number: etudiants.studentId })
      .from(etudiants)
      .where(inArray(etudiants.studentId, numbers.slice(i, i + CHUNK)));
    for (const row of rows) numberOwner.set(row.number, row.id);
  }

  const seenEmail = new Map<string, number>();
  const seenNumber = new Map<string, number>();
  return raw.map(({ line, values }) => {
    const errors: { column: string; message: string }[] = [];
    const parsed = studentCreateRequest.omit({ centre_id: true, option_id: true, filiere_id: true }).safeParse({
      nom: values.nom ?? "",
      prenom: values.prenom ?? "",
      email: values.email ?? "",
      telephone: values.telephone ?? "",
      cin: values.cin ?? "",
      numero_etudiant: values.numero_etudiant ?? "",
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = FIELD_COLUMN[String(issue.path[0])] ?? "nom";
        if (!errors.some((e) => e.column === column)) errors.push({ column, message: issue.message });
      }
    }
    const email = (values.email ?? "").toLowerCase();
    const shown = { line, nom: values.nom ?? "", prenom: values.prenom ?? "", email };

    const centreText = values.centre ?? "";
    const centre = centreText ? centreByName.get(comparable(centreText)) : undefined;
    if (!centreText) errors.push({ column: "centre", message: m.centreRequired });
    else if (!centre) errors.push({ column: "centre", message: m.importCentreUnknown(centreText) });
    else if (scope && !scope.includes(centre.id)) errors.push({ column: "centre", message: m.importOutsideCentres });

    const optionText = values.option ?? "";
    const option = optionText ? optionByName.get(comparable(optionText)) : undefined;
    if (optionText && !option) errors.push({ column: "option", message: m.importOptionUnknown(optionText) });
    const filiereText = values.filiere ?? "";
    const filiere = filiereText ? filiereByName.get(comparable(filiereText)) : undefined;
    if (filiereText && !filiere) errors.push({ column: "filiere", message: m.importFiliereUnknown(filiereText) });
    if (option && filiere && option.filiereId !== null && option.filiereId !== filiere.id) {
      errors.push({ column: "option", message: m.optionNotInFiliere });
    }

    if (email) {
      const first = seenEmail.get(email);
      if (first !== undefined) errors.push({ column: "email", message: m.importDuplicateEmail(first) });
      else seenEmail.set(email, line);
    }
    const number = values.numero_etudiant ?? "";
    if (number) {
      const first = seenNumber.get(number);
      if (first !== undefined) errors.push({ column: "numero_etudiant", message: m.importDuplicateNumber(first) });
      else seenNumber.set(number, line);
    }

    const current = email ? existing.get(email) : undefined;
    if (email && !current && takenEmails.has(email)) errors.push({ column: "email", message: m.emailTaken });
    if (current && scope && (current.centreId === null || !scope.includes(current.centreId))) {
      // Said as for any address in use: another centre's student is a 404 everywhere else.
      errors.push({ column: "email", message: m.emailTaken });
    }
    if (number) {
      const owner = numberOwner.get(number);
      if (owner !== undefined && owner !== current?.id) {
        errors.push({ column: "numero_etudiant", message: m.importNumberTaken });
      }
    }

    if (errors.length > 0 || !parsed.success || !centre) return { ...shown, status: "erreur", errors };

    const write = {
      nom: parsed.data.nom,
      prenom: parsed.data.prenom,
      email,
      telephone: parsed.data.telephone ?? null,
      cin: parsed.data.cin ?? null,
      numero_etudiant: parsed.data.numero_etudiant ?? null,
      centreId: centre.id,
      optionId: option?.id ?? null,
      filiereId: filiere?.id ?? option?.filiereId ?? null,
    };
    if (!current) return { ...shown, status: "nouveau", errors, write };

    // An empty optional cell leaves the value as it is: a file without phones erases none.
    const changes: Record<string, { before: string | null; after: string | null }> = {};
    const compare = (field: string, before: string | null, after: string | null, optional = false) => {
      if (optional && (after === null || after === "")) return;
      if ((before ?? null) !== (after ?? null)) changes[field] = { before, after };
    };
    compare("nom", current.nom, write.nom);
    compare("prenom", current.prenom, write.prenom);
    // A number stored before phones had one form is compared in that form.
    compare(
      "telephone",
      current.telephone && (normalisePhone(current.telephone) ?? current.telephone),
      write.telephone,
      true,
    );
    compare("cin", current.cin, write.cin, true);
    compare("numero_etudiant", current.studentId, write.numero_etudiant, true);
    compare(
      "centre",
      current.centreId === null ? null : (centreName.get(current.centreId) ?? null),
      centreName.get(write.centreId) ?? null,
    );
    compare(
      "option",
      current.optionId === null ? null : (optionName.get(current.optionId) ?? null),
      write.optionId === null ? null : (optionName.get(write.optionId) ?? null),
      true,
    );
    compare(
      "filiere",
      current.filiereId === null ? null : (filiereName.get(current.filiereId) ?? null),
      write.filiereId === null ? null : (filiereName.get(write.filiereId) ?? null),
      true,
    );
    const status: ImportRowStatus = Object.keys(changes).length > 0 ? "mis_a_jour" : "inchange";
    return {
      ...shown,
      status,
      errors,
      changes,
      write,
      existingEtudiantId: current.id,
      existingUserId: current.userId,
    };
  });
}

const countsOf = (rows: readonly ImportRow[]) => {
  const counts: Record<ImportRowStatus, number> = { nouveau: 0, mis_a_jour: 0, inchange: 0, erreur: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
};

const shownRow = ({ line, status, nom, prenom, email, errors, changes }: Judged): ImportRow =>
  status === "mis_a_jour"
    ? { line, status, nom, prenom, email, errors, changes }
    : { line, status, nom, prenom, email, errors };

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? "s" : ""}`;

/** Files parsed at once by one process, whoever sent them (each staff member: one at a time). */
const MAX_PARALLEL_READS = 2;
const RETRY_SECONDS = 5;

/** One error of one line of a preview, as the error report lists them. */
export type ImportErrorLine = { line: number; email: string; column: string; message: string };

/** The import of students from a CSV or XLSX file (docs/spec/back-office.md section 4). */
export function createStudentImport({ db, config, mail }: AppContext) {
  /** Staff members whose file is being read now, in this process (decision 092). */
  const reading = new Set<number>();

  /** A preview of this staff member still alive, or 404. */
  async function storedPreview(staff: LiveSession, importId: string) {
    const [stored] = await db
      .select()
      .from(studentImports)
      .where(
        and(
          eq(studentImports.id, importId),
          eq(studentImports.staffId, staff.id),
          gt(studentImports.expiresAt, sql`now()`),
        ),
      );
    if (!stored) throw notFound(m.importUnknown);
    return stored;
  }

  return {
    /**
     * Reads and judges the file; writes no student, only the parsed lines under a random id. One
     * file at a time per staff member, from the upload to the stored preview (decision 092).
     */
    async preview(
      staff: LiveSession,
      upload: () => Promise<{ name: string; bytes: Buffer }>,
    ): Promise<ImportPreviewResponse> {
      if (reading.has(staff.id)) {
        throw new HttpError(
          429,
          { message: m.importBusy, retry_after: RETRY_SECONDS },
          { "Retry-After": String(RETRY_SECONDS) },
        );
      }
      if (reading.size >= MAX_PARALLEL_READS) {
        throw new HttpError(503, { message: m.importServerBusy }, { "Retry-After": String(RETRY_SECONDS) });
      }
      reading.add(staff.id);
      try {
        const file = await upload();
        const raw = await readImportFile(file.name, file.bytes);
        const judged = await judge(db, staff, raw);
        return await storePreview(raw, judged);
      } finally {
        reading.delete(staff.id);
      }

      async function storePreview(raw: RawRow[], judged: Judged[]): Promise<ImportPreviewResponse> {
        const id = randomToken(32);
        await db.delete(studentImports).where(lt(studentImports.expiresAt, sql`now()`));
        await db.insert(studentImports).values({
          id,
          staffId: staff.id,
          rows: raw,
          expiresAt: sql`now() + ${sql.raw(`interval '${L.importLifetimeMinutes} minutes'`)}`,
        });
        const rows = judged.map(shownRow);
        return { import_id: id, rows, counts: countsOf(rows) };
      }
    },

    /** Every error of a preview, line by line, judged again now (the report the staff download). */
    async errorReport(staff: LiveSession, importId: string): Promise<ImportErrorLine[]> {
      const stored = await storedPreview(staff, importId);
      const judged = await judge(db, staff, stored.rows as RawRow[]);
      return judged.flatMap((row) =>
        row.errors.map((error) => ({ line: row.line, email: row.email, column: error.column, message: error.message })),
      );
    },

    /** The model file's lines: the expected columns and one example with this academy's own names. */
    async templateRows(): Promise<Record<ImportColumn, string>[]> {
      const [centre] = await db.select({ nom: centres.nom }).from(centres).orderBy(centres.nom).limit(1);
      const [option] = await db
        .select({ nom: options.nom, filiere: filieres.nom })
        .from(options)
        .leftJoin(filieres, eq(filieres.id, options.filiereId))
        .orderBy(options.nom)
        .limit(1);
      return [
        {
          nom: "El Idrissi",
          prenom: "Salma",
          email: "salma.elidrissi@example.com",
          telephone: "0661001234",
          cin: "BK123456",
          numero_etudiant: "",
          centre: centre?.nom ?? "",
          option: option?.nom ?? "",
          filiere: option?.filiere ?? "",
        },
      ];
    },

    /**
     * Applies the valid lines in one transaction, judged again inside it: a failure half-way
     * writes nothing, and a second run of the same file finds everything `inchange`.
     */
    async confirm(
      staff: LiveSession,
      importId: string,
      body: { send_invitations: boolean } | ImportConfirmRequest,
      ip: string,
    ): Promise<ImportConfirmResponse> {
      const sendInvitations = body.send_invitations === true;
      const summary = await db.transaction(async (tx) => {
        const [stored] = await tx
          .select()
          .from(studentImports)
          .where(
            and(
              eq(studentImports.id, importId),
              eq(studentImports.staffId, staff.id),
              gt(studentImports.expiresAt, sql`now()`),
            ),
          )
          .for("update");
        if (!stored) throw notFound(m.importUnknown);
        if (stored.confirmedAt) throw new HttpError(409, { message: m.importAlreadyDone });
        const judged = await judge(tx, staff, stored.rows as RawRow[]);
        const created = judged.filter((row) => row.status === "nouveau" && row.write);
        const updated = judged.filter((row) => row.status === "mis_a_jour" && row.write);

        // New students: accounts, then their student rows, in batches.
        const newUsers: { userId: number; email: string; prenom: string }[] = [];
        for (let i = 0; i < created.length; i += CHUNK) {
          const batch = created.slice(i, i + CHUNK);
          const inserted = await tx
            .insert(users)
            .values(
              batch.map((row) => ({
                name: `${row.write?.prenom} ${row.write?.nom}`,
                email: row.write?.email ?? "",
                passwordHash: null,
              })),
            )
            .returning({ id: users.id, email: users.email });
          const userIdByEmail = new Map(inserted.map((u) => [u.email, u.id]));
          const ids = await nextEtudiantIds(tx, batch.length);
          const generated = await generateStudentNumbers(tx, ids);
          const values = [];
          for (const [index, row] of batch.entries()) {
            const w = row.write;
            const id = ids[index];
            const userId = w ? userIdByEmail.get(w.email) : undefined;
            if (!w || id === undefined || userId === undefined) throw new Error("import batch mismatch");
            values.push({
              id,
              userId,
              studentId: w.numero_etudiant || (generated[index] ?? ""),
              nom: w.nom,
              prenom: w.prenom,
              email: w.email,
              telephone: w.telephone,
              cin: w.cin,
              centreId: w.centreId,
              optionId: w.optionId,
              filiereId: w.filiereId,
            });
            newUsers.push({ userId, email: w.email, prenom: w.prenom });
          }
          await tx.insert(etudiants).values(values);
        }

        for (const row of updated) {
          const w = row.write;
          if (!w || row.existingEtudiantId === undefined || row.existingUserId === undefined) continue;
          const changed = row.changes ?? {};
          await tx
            .update(etudiants)
            .set({
              nom: w.nom,
              prenom: w.prenom,
              centreId: w.centreId,
              ...(changed.telephone ? { telephone: w.telephone } : {}),
              ...(changed.cin ? { cin: w.cin } : {}),
              ...(changed.numero_etudiant && w.numero_etudiant ? { studentId: w.numero_etudiant } : {}),
              ...(changed.option ? { optionId: w.optionId } : {}),
              ...(changed.filiere ? { filiereId: w.filiereId } : {}),
            })
            .where(eq(etudiants.id, row.existingEtudiantId));
          if (changed.nom || changed.prenom) {
            await tx
              .update(users)
              .set({ name: `${w.prenom} ${w.nom}`, updatedAt: sql`now()` })
              .where(eq(users.id, row.existingUserId));
          }
        }

        if (sendInvitations && newUsers.length > 0) {
          const links: { userId: number; token: string }[] = newUsers.map((u) => ({
            userId: u.userId,
            token: randomToken(64),
          }));
          for (let i = 0; i < links.length; i += CHUNK) {
            await tx.insert(studentInvitations).values(
              links.slice(i, i + CHUNK).map((link) => ({
                userId: link.userId,
                tokenHash: sha256Hex(link.token),
                expiresAt: sql`now() + ${sql.raw(`interval '${L.invitationDays} days'`)}`,
              })),
            );
          }
          for (const [index, student] of newUsers.entries()) {
            const token = links[index]?.token ?? "";
            const link = `${config.publicUrl}/activer-compte?token=${encodeURIComponent(token)}`;
            await mail.queue(studentInvitationMail(student.email, student.prenom, link), tx);
          }
        }

        await tx.update(studentImports).set({ confirmedAt: sql`now()` }).where(eq(studentImports.id, importId));
        const counts = countsOf(judged);
        const invitations = sendInvitations ? newUsers.length : 0;
        const result = {
          created: created.length,
          updated: updated.length,
          unchanged: counts.inchange,
          errors: counts.erreur,
          invitations,
          message: `Import terminé : ${plural(created.length, "étudiant")} créé${created.length > 1 ? "s" : ""}, ${plural(updated.length, "fiche")} mise${updated.length > 1 ? "s" : ""} à jour, ${counts.inchange} inchangée${counts.inchange > 1 ? "s" : ""}, ${plural(counts.erreur, "ligne")} en erreur ignorée${counts.erreur > 1 ? "s" : ""}${sendInvitations ? ` ; ${plural(invitations, "invitation")} envoyée${invitations > 1 ? "s" : ""}` : ""}.`,
        };
        if (created.length + updated.length > 0 || invitations > 0) {
          await audit(tx, {
            actor: auditActor(staff),
            ip,
            action: "import",
            entity: "etudiants",
            summary: result.message,
            changes: {
              crees: { before: null, after: created.map((row) => row.email) },
              mis_a_jour: { before: null, after: updated.map((row) => row.email) },
            },
          });
        }
        return result;
      });
      if (summary.invitations > 0) void mail.flush();
      return summary;
    },
  };
}
