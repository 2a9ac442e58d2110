import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Captcha } from "./lib/captcha.ts";
import type { FileStorage } from "./lib/storage/index.ts";

/**
 * The pieces every service is built from: no globals, so tests build as many apps as they
 * like. Services import this type; the routes' AppContext (app-context.ts) adds the services
 * themselves, so no service's type depends on a file that depends on it.
 */
export type CoreContext = {
  config: Config;
  db: Database;
  captcha: Captcha;
  /** Files (lib/storage): local disk under DATA_DIR/files by default. */
  storage: FileStorage;
};
