import { z } from "zod";

/** Bumped when the archive's layout changes; restore refuses a version it does not know. */
export const ARCHIVE_FORMAT = "puerta-sauvegarde";
export const ARCHIVE_VERSION = 1;

/**
 * manifest.json, at the root of the archive. Table files hold one JSON object per line
 * (`to_jsonb` of the row), in foreign-key order; `files/<key>` hold the stored files' bytes.
 */
export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  /** The instant the data was read at (the snapshot's start), ISO 8601. */
  createdAt: z.string(),
  source: z.enum(["pglite", "postgres"]),
  migrations: z.object({
    count: z.number().int().min(0),
    lastWhen: z.number().nullable(),
    lastTag: z.string().nullable(),
  }),
  tables: z.array(
    z.object({
      schema: z.string(),
      name: z.string(),
      file: z.string().regex(/^tables\/[\w.-]+\.jsonl$/),
      rows: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
  sequences: z.array(
    z.object({ schema: z.string(), name: z.string(), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
  files: z.array(
    z.object({
      key: z.string(),
      contentType: z.string(),
      originalName: z.string(),
      size: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
  /** Keys listed in stored_files whose bytes the storage no longer had when the backup read them. */
  missingFiles: z.array(z.string()),
  /**
   * The APP_SECRET the data was written under (it keys the staff's second factors): its
   * fingerprint, and whether the secret itself is the archive's `app-secret` entry (the one
   * generated in DATA_DIR). Absent from archives written before decision 084.
   */
  appSecret: z.object({ fingerprint: z.string().regex(/^[0-9a-f]{64}$/), included: z.boolean() }).optional(),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export const fileEntryPath = (key: string) => `files/${key}`;

/** "3 tables, 120 lignes, 4 fichiers (1,2 Mo)": what a backup or a restore holds, for people. */
export function describeContents(manifest: BackupManifest): string {
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
  const number = new Intl.NumberFormat("fr-FR");
  const size = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 }).format(bytes / 1_000_000);
  return `${number.format(manifest.tables.length)} tables, ${number.format(rows)} lignes, ${number.format(manifest.sequences.length)} séquences, ${number.format(manifest.files.length)} fichiers (${size} Mo)`;
}
