import { notificationsTrashKind } from "../notifications/trash-kind.ts";
import type { TrashKind } from "./kind.ts";

/**
 * Every kind the restore bin knows (docs/spec/back-office.md section 5), one line each: a
 * publishing module exports its `TrashKind` from `modules/<name>/trash-kind.ts` and is added here.
 */
export const TRASH_REGISTRY: readonly TrashKind[] = [notificationsTrashKind];
