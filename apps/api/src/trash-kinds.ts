import { joursFeriesTrashKind, parascolaireTrashKind } from "./modules/calendars/trash-kind.ts";
import { supportsTrashKind } from "./modules/documents/trash-kind.ts";
import { notificationsTrashKind } from "./modules/notifications/trash-kind.ts";
import { orientationTrashKind } from "./modules/orientation/trash-kind.ts";
import { planningTrashKind } from "./modules/planning/trash-kind.ts";
import type { TrashKind } from "./modules/trash/kind.ts";

/**
 * Every kind the restore bin knows (docs/spec/back-office.md section 5), one line each: a
 * publishing module exports its `TrashKind` from `modules/<name>/trash-kind.ts` and is added here.
 * Composed above the modules, like app.ts: the trash module receives the list and imports no publisher.
 */
export const TRASH_KINDS: readonly TrashKind[] = [
  planningTrashKind,
  supportsTrashKind,
  orientationTrashKind,
  parascolaireTrashKind,
  joursFeriesTrashKind,
  notificationsTrashKind,
];
