import type { CoreContext } from "../../context.ts";
import type { DownloadTarget } from "../../lib/file-download.ts";
import * as q from "./queries.ts";

export function createPlanningService({ db }: Pick<CoreContext, "db">) {
  const listJson = q.visiblePlanningsJson(db);
  return {
    /** The planning filter of docs/spec/student-portal.md section 5, applied here on the server: the wire JSON list. */
    listJson,

    async download(userId: number, fileName: string): Promise<DownloadTarget | null> {
      const row = await q.visiblePlanningFile(db, userId, fileName);
      return row ? { key: row.key, downloadName: row.fileName } : null;
    },
  };
}
