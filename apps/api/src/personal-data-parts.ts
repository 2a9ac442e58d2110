import { idempotencyPersonalData } from "./lib/idempotency-personal-data.ts";
import { mailPersonalData } from "./lib/mailer/personal-data.ts";
import type { PersonalDataPart } from "./lib/personal-data.ts";
import { storedFilesPersonalData } from "./lib/storage/personal-data.ts";
import { auditPersonalData } from "./modules/audit/personal-data.ts";
import { authPersonalData } from "./modules/auth/personal-data.ts";
import { calendarsPersonalData } from "./modules/calendars/personal-data.ts";
import { certificatesPersonalData } from "./modules/certificates/personal-data.ts";
import { contactPersonalData } from "./modules/contact/personal-data.ts";
import { notificationsPersonalData } from "./modules/notifications/personal-data.ts";
import { passwordsPersonalData } from "./modules/passwords/personal-data.ts";
import { dataRequestsPersonalData } from "./modules/personal-data/personal-data.ts";
import { policyPersonalData } from "./modules/policy/personal-data.ts";
import { profilePersonalData } from "./modules/profile/personal-data.ts";
import { studentsPersonalData } from "./modules/students/personal-data.ts";

/**
 * The register of the personal data Puerta holds about a student (law 09-08, decision 112): every
 * module's parts (lib/personal-data.ts), one line each, composed here above the modules as
 * trash-kinds.ts is. A module that stores something about a student exports its parts from
 * `modules/<name>/personal-data.ts` and is added here; test/personal-data/register.test.ts walks
 * the database schema and fails on a table or column about a student that no part declares.
 *
 * The order is the ERASURE's: the erasure (modules/personal-data/erasure.ts) calls every part's
 * `erase()` in this order in one transaction, then removes the files they answered.
 * - The journal comes FIRST: it finds its entries through the student's requests and messages,
 *   and the words to pseudonymise through their record, before the parts below remove them.
 * - Within a module, a table found through another comes before it (replies before their
 *   messages; request events and documents before the requests).
 * - The student's record comes LAST, `users` at the very end: every part above finds the student
 *   through `etudiants` and `users`, and once they are gone their cascades meet nothing left.
 * The access export (modules/personal-data/export.ts) reads the parts in this order too, and shows
 * the record first.
 */
const OWN_PARTS: readonly PersonalDataPart[] = [
  ...auditPersonalData,
  ...mailPersonalData,
  ...idempotencyPersonalData,
  ...authPersonalData,
  ...passwordsPersonalData,
  ...calendarsPersonalData,
  ...policyPersonalData,
  ...notificationsPersonalData,
  ...contactPersonalData,
  ...certificatesPersonalData,
  ...profilePersonalData,
  ...dataRequestsPersonalData,
];

export const PERSONAL_DATA_PARTS: readonly PersonalDataPart[] = [
  ...OWN_PARTS,
  storedFilesPersonalData(OWN_PARTS),
  ...studentsPersonalData,
];
