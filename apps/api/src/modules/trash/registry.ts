import { joursFeriesTrashKind, parascolaireTrashKind } from "../calendars/trash-kind.ts";
import { supportsTrashKind } from "../documents/trash-kind.ts";
import { notificationsTrashKind } from "../notifications/trash-kind.ts";
import { orientationTrashKind } from "../orientation/trash-kind.ts";
import { planningTrashKind } from "../planning/trash-kind.ts";
import type { TrashKind } from "./kind.ts";

/**
 * Every kind the restore bin knows (docs/spec/back-office.md section 5), one line each: a
 * publishing module exports its `TrashKind` from `modules/<name>/trash-kind.ts` and is added here.
 */
export const TRASH_REGISTRY: readonly TrashKind[] = [
  planningTrashKind,
  supportsTrashKind,
  orientationTrashKind,
  parascolaireTrashKind,
  joursFeriesTrashKind,
  notificationsTrashKind,
];
