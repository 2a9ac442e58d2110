import { DOCUMENT_TEXTS } from "@puerta/contract";
import type { CoreContext } from "../../context.ts";
import type { DownloadTarget } from "../../lib/file-download.ts";
import * as q from "./queries.ts";

export function createDocumentsService({ db }: Pick<CoreContext, "db">) {
  const courseDocuments = q.courseDocumentsJson(db);
  return {
    /** The documents answer of docs/spec/student-portal.md section 3: its wire JSON, and the message that goes with it. */
    async all(): Promise<{ json: string; message: string }> {
      const { json, listed } = await courseDocuments();
      return { json, message: listed ? DOCUMENT_TEXTS.courseListed : DOCUMENT_TEXTS.courseEmpty };
    },

    async download(_userId: number, fileName: string): Promise<DownloadTarget | null> {
      const row = await q.courseFile(db, fileName);
      return row ? { key: row.key, downloadName: row.fileName } : null;
    },
  };
}
