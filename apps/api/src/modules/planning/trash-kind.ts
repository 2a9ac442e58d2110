import { planifications } from "../../db/schema/index.ts";
import { withdrawableFileKind } from "../trash/file-kind.ts";

/** Withdrawn plannings in the restore bin (modules/trash/kind.ts): a planning targets its one centre. */
export const planningTrashKind = withdrawableFileKind(
  { kind: "plannings", label: "Plannings", entity: "plannings" },
  planifications,
  planifications.centreId,
);
