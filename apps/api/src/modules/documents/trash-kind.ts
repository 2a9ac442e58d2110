import { coursDocuments } from "../../db/schema/index.ts";
import { withdrawableFileKind } from "../trash/file-kind.ts";

/** Withdrawn course documents in the restore bin (modules/trash/kind.ts): every student sees them. */
export const supportsTrashKind = withdrawableFileKind(
  { kind: "supports", label: "Supports de cours", entity: "supports" },
  coursDocuments,
);
