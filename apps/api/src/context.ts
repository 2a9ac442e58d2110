import type { onRequestAsyncHookHandler } from "fastify";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { Captcha } from "./lib/captcha.ts";
import type { Mailer } from "./lib/mailer/index.ts";
import type { FileStorage } from "./lib/storage/index.ts";
import type { AuthService } from "./modules/auth/service.ts";
import type { PolicyService } from "./modules/policy/service.ts";

/** The pieces every module is built from: no globals, so tests build as many apps as they like. */
export type CoreContext = {
  config: Config;
  db: Database;
  captcha: Captcha;
  /** Files (lib/storage): local disk under DATA_DIR/files by default. */
  storage: FileStorage;
};

/** What a module's routes receive: the core plus the services other modules may call. */
export type AppContext = CoreContext & {
  auth: AuthService;
  policy: PolicyService;
  /** E-mail through the outbox (lib/mailer). */
  mail: Mailer;
  requireAuth: onRequestAsyncHookHandler;
};
