import { orientationDocuments } from "../../db/schema/index.ts";
import { withdrawableFileKind } from "../trash/file-kind.ts";

/** Withdrawn orientation documents in the restore bin (modules/trash/kind.ts): every student sees them. */
export const orientationTrashKind = withdrawableFileKind(
  { kind: "orientation", label: "Documents d'orientation", entity: "orientation" },
  orientationDocuments,
);
