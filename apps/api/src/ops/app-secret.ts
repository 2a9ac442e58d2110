import { createHmac } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { appSecretFile, type Config } from "../config.ts";
import type { BackupManifest } from "./manifest.ts";

/**
 * APP_SECRET keys the staff's TOTP secrets and recovery codes (modules/staff/secrets.ts): a
 * database restored under another secret locks every staff member out. So a backup carries the
 * secret when it is the one generated in DATA_DIR (the archive is then as sensitive as the
 * secret), and only its fingerprint when the environment gives it; restore compares before
 * writing anything (decision 084).
 */
export const ARCHIVE_SECRET_ENTRY = "app-secret";

/** An HMAC of a fixed label keyed by the secret: tells two secrets apart, reveals nothing of either. */
export const secretFingerprint = (secret: string) =>
  createHmac("sha256", secret).update("puerta:empreinte-du-secret:v1").digest("hex");

/** What a backup says of the secret it was taken under. */
export const archiveSecretOf = (
  config: Pick<Config, "appSecret" | "appSecretSource">,
): NonNullable<BackupManifest["appSecret"]> => ({
  fingerprint: secretFingerprint(config.appSecret),
  included: config.appSecretSource === "data-dir",
});

/** The restore's side: the secret it runs under, before the configuration is read (which would generate one). */
export type TargetSecret = { fromEnvironment: string | undefined; dataDir: string };

export type SecretPlan =
  /** The target already runs under the archive's secret. */
  | { kind: "same" }
  /** The archive's secret goes to DATA_DIR/app-secret once the restore succeeded (and is used by it). */
  | { kind: "install"; secret: string; replacing: boolean }
  /** An archive from before fingerprints: nothing to compare. */
  | { kind: "unknown" }
  /** `--nouveau-secret`: the target keeps its secret; every second factor is reset after the restore. */
  | { kind: "reset-second-factors" };

export class SecretMismatchError extends Error {}

/**
 * Decides, before anything is written, whether the archive's data can be used under the
 * target's secret. A mismatch is refused with what to do, unless `newSecret` (the source's
 * secret is lost: the staff's second factors are then reset after the restore).
 */
export function planSecret(
  manifest: BackupManifest,
  archiveSecret: string | null,
  target: TargetSecret,
  options: { archiveFile: string; newSecret: boolean },
): SecretPlan {
  const recorded = manifest.appSecret;
  if (!recorded) return { kind: "unknown" };
  const file = appSecretFile(target.dataDir);
  const onDisk = existsSync(file) ? readFileSync(file, "utf8").trim() : undefined;
  const current = target.fromEnvironment ?? onDisk;
  if (current !== undefined && secretFingerprint(current) === recorded.fingerprint) return { kind: "same" };
  if (target.fromEnvironment === undefined && archiveSecret !== null) {
    return { kind: "install", secret: archiveSecret, replacing: onDisk !== undefined };
  }
  if (options.newSecret) return { kind: "reset-second-factors" };
  const lost =
    "Si ce secret est perdu, relancez avec --nouveau-secret : la double authentification de chaque membre " +
    "du personnel sera réinitialisée (chacun la réactivera à sa prochaine connexion).";
  if (archiveSecret !== null) {
    throw new SecretMismatchError(
      "Secret différent : l'archive a été faite avec le secret généré dans le DATA_DIR d'origine (il est dans " +
        "l'archive), et APP_SECRET est défini ici avec une autre valeur. Les doubles authentifications du personnel " +
        "ne pourraient plus être vérifiées. Donnez à APP_SECRET la valeur de l'archive " +
        `(tar -xzOf ${options.archiveFile} ${ARCHIVE_SECRET_ENTRY}) pour la restauration et pour le serveur, ` +
        "ou, hors production, retirez APP_SECRET : la restauration l'installera dans DATA_DIR/app-secret. " +
        `${lost} Rien n'a été restauré.`,
    );
  }
  throw new SecretMismatchError(
    "Secret différent : l'archive a été faite avec un APP_SECRET défini dans l'environnement du serveur " +
      `d'origine, et ${target.fromEnvironment === undefined ? "APP_SECRET n'est pas défini ici" : "celui d'ici est différent"}. ` +
      "Les doubles authentifications du personnel ne pourraient plus être vérifiées. Définissez APP_SECRET " +
      "à la valeur du serveur d'origine (par exemple avec son fichier d'environnement) pour la restauration et pour " +
      `le serveur restauré, puis relancez. ${lost} Rien n'a été restauré.`,
  );
}

/** Writes the archive's secret to DATA_DIR/app-secret (0600), in one rename. */
export function installSecret(dataDir: string, secret: string) {
  const file = appSecretFile(dataDir);
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, secret, { mode: 0o600 });
  renameSync(draft, file);
}
