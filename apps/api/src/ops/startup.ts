import type { Config } from "../config.ts";
import { repairedMessage, secureDataDir } from "./data-dir-permissions.ts";

/**
 * What the server and every command that opens DATA_DIR do first: new files owner-only, the
 * tree repaired (or a refusal with the command to run; decision 085).
 */
export function prepareDataDir(config: Pick<Config, "dataDir">): void {
  const { repaired } = secureDataDir(config.dataDir);
  if (repaired > 0) console.warn(`\n${repairedMessage(config.dataDir, repaired)}\n`);
}
