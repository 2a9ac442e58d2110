import {
  DATA_EXPORT_LIMITS,
  DATA_EXPORT_TEXT,
  dataExportFileName,
  monthsLabel,
  RETENTION_DESCRIPTIONS,
  RETENTION_LABELS,
  type RetentionSettings,
  retentionField,
} from "@puerta/contract";
import { brand } from "@puerta/contract/brand";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { type Zippable, zipSync } from "fflate";
import type { CoreContext } from "../../context.ts";
import { rowsOf } from "../../db/migration-level.ts";
import { forbidden, HttpError, notFound } from "../../lib/errors.ts";
import { contentDisposition } from "../../lib/file-download.ts";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { assertVisible, auditActor, type LiveSession } from "../../lib/staff-session.ts";
import { StoredFileMissingError } from "../../lib/storage/index.ts";
import { reserveAttempt, type ThrottleRule } from "../../lib/throttle.ts";
import { PERSONAL_DATA_PARTS } from "../../personal-data-parts.ts";
import { audit } from "../audit/service.ts";
import { type ExportSubject, type ExportTable, renderDataPdf, tableTitle } from "./export-pdf.ts";
import { dataExportKey } from "./personal-data.ts";
import { readRetention } from "./retention.ts";

/**
 * The access export of law 09-08 (art. 7; docs/spec/school-year-and-data.md section 4, decision
 * 112): a ZIP of every row every module's part (src/personal-data-parts.ts) holds about the
 * student, for the staff (`GET /api/gestion/etudiants/{id}/donnees`) and for the student
 * (`GET /api/profile/donnees`, rate-limited):
 * - `donnees.json`: the rows, grouped by table, each table with its parts' purpose and retention;
 * - `LISEZMOI.txt`: what each part means, why it is held and for how long, in French;
 * - `donnees.pdf`: the same rows, readable;
 * - `fichiers/`: the student's stored files (photo, attestation PDFs).
 * Each export is recorded in `demandes_donnees` (type `acces`) and in the journal, by the student's id.
 */

/** What a route sends: the ZIP and its name. */
export type DataExportArchive = { fileName: string; bytes: Buffer };

/** "Télécharger mes données": a few downloads an hour, as the student would need; counted when one succeeds. */
const STUDENT_RULE: ThrottleRule = {
  max: DATA_EXPORT_LIMITS.studentPerWindow,
  windowSeconds: DATA_EXPORT_LIMITS.windowSeconds,
  lock: { untilWindowEnds: true },
  counts: "successes",
};

const ZIP_FOLDER = "fichiers";

export function createDataExport(
  { db, storage }: Pick<CoreContext, "db" | "storage">,
  parts: readonly PersonalDataPart[] = PERSONAL_DATA_PARTS,
) {
  async function find(where: SQL): Promise<ExportSubject | undefined> {
    const [row] = await rowsOf<{
      etudiant_id: number;
      user_id: number;
      email: string;
      student_id: string;
      nom: string;
      prenom: string;
      centre_id: number | null;
    }>(
      db,
      sql`select e.id as etudiant_id, u.id as user_id, u.email, e.student_id, e.nom, e.prenom, e.centre_id
          from etudiants e join users u on u.id = e.user_id where ${where}`,
    );
    if (!row) return undefined;
    return {
      etudiantId: row.etudiant_id,
      userId: row.user_id,
      email: row.email,
      studentNumber: row.student_id,
      nom: row.nom,
      prenom: row.prenom,
      centreId: row.centre_id,
    };
  }

  /** Each table's columns in their order: a row reads as the table is laid out, not in jsonb's key order. */
  async function columnsInOrder(): Promise<Map<string, string[]>> {
    const rows = await rowsOf<{ table_name: string; columns: string[] }>(
      db,
      sql`select table_name, array_agg(column_name::text order by ordinal_position) as columns
          from information_schema.columns where table_schema = 'public' group by table_name`,
    );
    return new Map(rows.map((row) => [row.table_name, row.columns]));
  }

  async function build(subject: ExportSubject): Promise<DataExportArchive> {
    const tables = new Map<string, ExportTable>();
    // Who it is about first (their record, their account), then the register's order.
    const ordered = [...parts].sort((a, b) => firstShown(a) - firstShown(b));
    const columnOrder = await columnsInOrder();
    for (const part of ordered) {
      const table = tables.get(part.table) ?? { table: part.table, parts: [], rows: [] };
      table.parts.push(part);
      for (const row of await part.rows(db, subject)) table.rows.push(inColumnOrder(row, columnOrder.get(part.table)));
      tables.set(part.table, table);
    }
    const files: { path: string; table: string; bytes: Buffer }[] = [];
    const missing: string[] = [];
    const seen = new Set<string>();
    for (const part of ordered) {
      for (const file of (await part.files?.(db, subject)) ?? []) {
        const path = `${ZIP_FOLDER}/${file.name}`;
        if (seen.has(path)) continue;
        seen.add(path);
        try {
          files.push({ path, table: part.table, bytes: await storage.read(file.key) });
        } catch (error) {
          if (!(error instanceof StoredFileMissingError)) throw error;
          missing.push(path);
        }
      }
    }
    const retention = await readRetention(db);
    const generatedAt = new Date();
    const list = [...tables.values()];
    const entries: Zippable = {
      "donnees.json": Buffer.from(
        `${JSON.stringify(dataJson(subject, list, files, retention, generatedAt), null, 2)}\n`,
        "utf8",
      ),
      "LISEZMOI.txt": Buffer.from(readme(subject, list, files, missing, retention, generatedAt), "utf8"),
      // Already compressed: stored as they are.
      "donnees.pdf": [await renderDataPdf(subject, list, generatedAt), { level: 0 }],
    };
    for (const file of files) entries[file.path] = [file.bytes, { level: 0 }];
    const bytes = zipSync(entries, { level: 6, mtime: generatedAt });
    return { fileName: dataExportFileName(subject.studentNumber), bytes: Buffer.from(bytes) };
  }

  /** The export's record: `demandes_donnees` and one journal entry that names the student by id only. */
  async function record(subject: ExportSubject, staff: LiveSession | null, ip: string) {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into demandes_donnees (type, etudiant_id, staff_id) values ('acces', ${subject.etudiantId}, ${staff?.id ?? null})`,
      );
      await audit(tx, {
        actor: staff ? auditActor(staff) : null,
        ip,
        action: "export_donnees",
        entity: "etudiants",
        entityId: subject.etudiantId,
        summary: staff
          ? `Export des données personnelles de l'étudiant n° ${subject.etudiantId} (droit d'accès).`
          : `Export de ses données personnelles par l'étudiant n° ${subject.etudiantId} depuis son profil (droit d'accès).`,
      });
    });
  }

  return {
    /** The staff's export: another centre's student is 404, as on the student's other routes. */
    async forStaff(staff: LiveSession, etudiantId: number, ip: string): Promise<DataExportArchive> {
      const subject = await find(sql`e.id = ${etudiantId}`);
      if (!subject) throw notFound("Étudiant introuvable.");
      assertVisible(staff, "export:etudiants", { centre_ids: [subject.centreId] });
      const archive = await build(subject);
      await record(subject, staff, ip);
      return archive;
    },

    /** The student's own, `studentPerWindow` an hour: 429 with the French message and Retry-After past it. */
    async forStudent(userId: number, ip: string): Promise<DataExportArchive> {
      const subject = await find(sql`e.user_id = ${userId}`);
      if (!subject) throw forbidden(DATA_EXPORT_TEXT.notAStudent);
      const attempt = await reserveAttempt(db, [{ key: dataExportKey(userId), rule: STUDENT_RULE }]);
      if (!attempt.allowed) {
        throw new HttpError(
          429,
          { message: DATA_EXPORT_TEXT.tooMany(attempt.retryAfter), retry_after: attempt.retryAfter },
          { "Retry-After": String(attempt.retryAfter) },
        );
      }
      try {
        const archive = await build(subject);
        await record(subject, null, ip);
        await attempt.succeeded();
        return archive;
      } catch (error) {
        await attempt.cancelled();
        throw error;
      }
    },
  };
}

export type DataExport = ReturnType<typeof createDataExport>;

/** The archive as a download (RFC 6266 name, never sniffed, never cached: it is one person's data). */
export function sendDataArchive(reply: FastifyReply, archive: DataExportArchive) {
  return reply
    .header("Content-Type", "application/zip")
    .header("Content-Disposition", contentDisposition("attachment", archive.fileName))
    .header("X-Content-Type-Options", "nosniff")
    .header("Cache-Control", "no-store")
    .send(archive.bytes);
}

const SHOWN_FIRST = ["etudiants", "users"];
const firstShown = (part: PersonalDataPart) => {
  const at = SHOWN_FIRST.indexOf(part.table);
  return at === -1 ? SHOWN_FIRST.length : at;
};

/** `row`'s fields in the table's column order, then what the part added (a centre's name…). */
function inColumnOrder(row: Record<string, unknown>, columns: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of columns) if (column in row) out[column] = row[column];
  for (const [key, value] of Object.entries(row)) if (!(key in out)) out[key] = value;
  return out;
}

/** A retention category as the archive states it: its label, its period as configured, what ends it. */
function retentionOf(part: PersonalDataPart, retention: RetentionSettings) {
  const months = retention[retentionField(part.retention)];
  return {
    categorie: part.retention,
    libelle: RETENTION_LABELS[part.retention],
    duree_mois: months,
    description: RETENTION_DESCRIPTIONS[part.retention],
  };
}

function dataJson(
  subject: ExportSubject,
  tables: readonly ExportTable[],
  files: readonly { path: string; table: string; bytes: Buffer }[],
  retention: RetentionSettings,
  generatedAt: Date,
) {
  return {
    format: "puerta-donnees-personnelles/1",
    genere_le: generatedAt.toISOString(),
    responsable: { nom: brand.academyName, contact: brand.contactEmail, cndp: retention.cndp_numero },
    etudiant: {
      id: subject.etudiantId,
      numero_etudiant: subject.studentNumber,
      nom: subject.nom,
      prenom: subject.prenom,
      email: subject.email,
    },
    tables: Object.fromEntries(
      tables.map((t) => [
        t.table,
        {
          titre: tableTitle(t),
          parties: t.parts.map((part) => ({
            module: part.module,
            finalite: part.purpose,
            colonnes_personnelles: part.columns,
            conservation: retentionOf(part, retention),
            ...(part.kept ? { conserve_apres_effacement: part.kept } : {}),
          })),
          lignes: t.rows,
        },
      ]),
    ),
    fichiers: files.map((f) => ({ chemin: f.path, table: f.table, taille_octets: f.bytes.length })),
  };
}

const dateTime = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Africa/Casablanca",
});

/** LISEZMOI.txt, in French, CRLF line ends (it opens the same in every text editor). */
function readme(
  subject: ExportSubject,
  tables: readonly ExportTable[],
  files: readonly { path: string }[],
  missing: readonly string[],
  retention: RetentionSettings,
  generatedAt: Date,
): string {
  const lines: string[] = [
    `Vos données personnelles — ${brand.academyName}`,
    "",
    `Export du ${dateTime.format(generatedAt)} pour ${subject.prenom} ${subject.nom} (numéro d'étudiant ${subject.studentNumber}).`,
    "",
    `Au titre de l'article 7 de la loi n° 09-08 relative à la protection des personnes physiques à l'égard du traitement des données à caractère personnel, cette archive contient toutes les données que ${brand.academyName} détient sur vous dans son portail.`,
    ...(retention.cndp_numero ? [`Déclaration ou autorisation CNDP : ${retention.cndp_numero}.`] : []),
    "",
    "CONTENU DE L'ARCHIVE",
    "- donnees.pdf : vos données, lisibles, table par table.",
    "- donnees.json : les mêmes données au format JSON (pour un programme) : chaque ligne de chaque table, groupées par table, avec leur finalité et leur durée de conservation.",
    `- ${ZIP_FOLDER}/ : vos fichiers (${files.length === 0 ? "aucun" : files.map((f) => f.path.slice(ZIP_FOLDER.length + 1)).join(", ")}).`,
    "- LISEZMOI.txt : ce fichier.",
    ...(missing.length > 0
      ? ["", `Fichiers introuvables au moment de l'export (demandez-les au secrétariat) : ${missing.join(", ")}.`]
      : []),
    "",
    "CE QUE CONTIENT CHAQUE PARTIE",
  ];
  for (const table of tables) {
    const count = `${table.rows.length} ligne${table.rows.length > 1 ? "s" : ""}`;
    lines.push("", `== ${tableTitle(table)} (table ${table.table}) — ${count} ==`);
    for (const part of table.parts) {
      const kept = retentionOf(part, retention);
      lines.push(
        `${part.purpose}`,
        `  Conservation : ${kept.libelle}, ${monthsLabel(kept.duree_mois)}. ${kept.description}`,
        `  Colonnes personnelles : ${part.columns.join(", ")}.`,
      );
      if (part.kept) lines.push(`  Conservé après un effacement, et pourquoi : ${part.kept}`);
    }
  }
  lines.push(
    "",
    "CE QUI N'EST PAS EXPORTÉ",
    "Les empreintes de votre mot de passe et de vos liens de connexion, d'invitation, de réinitialisation et d'abonnement au calendrier : elles ne disent rien de vous et permettraient d'attaquer votre compte. Le contenu des e-mails encore en attente d'envoi : il peut contenir un lien personnel encore valable (celui des e-mails envoyés est effacé à l'envoi).",
    "",
    "VOS DROITS",
    `- Accès : cette archive ; vous pouvez la télécharger à nouveau depuis votre profil (${DATA_EXPORT_LIMITS.studentPerWindow} fois par heure au plus).`,
    "- Rectification : demandez au secrétariat de votre centre de corriger votre dossier.",
    `- Effacement et opposition : écrivez à ${brand.contactEmail}.`,
    "",
  );
  return lines.join("\r\n");
}
