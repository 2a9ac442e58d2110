/** Where stored files live: local disk under DATA_DIR/files (default) or an S3-compatible bucket. */
export type StorageLocation =
  | { kind: "local" }
  | {
      kind: "s3";
      bucket: string;
      /** Prepended to every key, e.g. `puerta/` (from `s3://bucket/puerta`); empty by default. */
      prefix: string;
      region: string;
      /** An S3-compatible server (MinIO, Garage, Scaleway…); AWS itself when absent. */
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** How long a call may wait (decision 109): STORAGE_CONNECT_TIMEOUT_MS, STORAGE_REQUEST_TIMEOUT_MS. */
      timeouts?: StorageTimeouts;
    };

/**
 * A connection to the bucket not made within `connectMs`, or a call (its retries included) with
 * no answer within `requestMs`, is the storage unavailable: 503 with Retry-After, not a request
 * held for a minute by a frozen endpoint. Once an object's bytes flow, they are not timed: a
 * large download to a slow phone may take longer.
 */
export type StorageTimeouts = { connectMs: number; requestMs: number };

export const DEFAULT_STORAGE_TIMEOUTS: StorageTimeouts = { connectMs: 3_000, requestMs: 10_000 };

/** A bucket name as S3 allows it (3 to 63 lower-case letters, digits, dots and dashes). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[a-z0-9._-]+(\/[a-z0-9._-]+)*$/;
const KNOWN_OPTIONS = new Set(["endpoint", "region", "force_path_style"]);

/**
 * Reads STORAGE_URL: `s3://bucket[/prefix]?endpoint=…&region=…&force_path_style=1`. Returns
 * the reason in French when the value is malformed, so that start-up stops on it.
 * Credentials never go in it: the AWS SDK reads AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY.
 */
export function parseStorageUrl(
  value: string | undefined,
  defaultRegion: string | undefined,
): StorageLocation | { error: string } {
  if (value === undefined || value === "") return { kind: "local" };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: "adresse illisible (attendu s3://compartiment?endpoint=…&region=…)" };
  }
  if (url.protocol !== "s3:") return { error: "seul le schéma s3:// est pris en charge" };
  if (url.username || url.password) {
    return { error: "pas d'identifiants dans l'adresse : utilisez AWS_ACCESS_KEY_ID et AWS_SECRET_ACCESS_KEY" };
  }
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) return { error: `nom de compartiment invalide « ${bucket} »` };
  const prefix = url.pathname.replace(/^\/+|\/+$/g, "");
  if (prefix !== "" && !PREFIX.test(prefix)) return { error: "préfixe invalide après le nom du compartiment" };
  for (const name of url.searchParams.keys()) {
    if (!KNOWN_OPTIONS.has(name)) return { error: `option inconnue « ${name} »` };
  }
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(endpoint);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
      return { error: "endpoint doit être une adresse http:// ou https://" };
    }
  }
  const pathStyle = url.searchParams.get("force_path_style");
  if (pathStyle !== null && !["0", "1", "true", "false"].includes(pathStyle)) {
    return { error: "force_path_style vaut 0 ou 1" };
  }
  const region = url.searchParams.get("region") ?? defaultRegion ?? "us-east-1";
  if (!/^[a-z0-9-]{1,64}$/.test(region)) return { error: `région invalide « ${region} »` };
  return {
    kind: "s3",
    bucket,
    prefix: prefix === "" ? "" : `${prefix}/`,
    region,
    endpoint,
    forcePathStyle: pathStyle === "1" || pathStyle === "true",
  };
}
