import { auditRoutes } from "./modules/audit/staff-routes.ts";
import { calendarsStaffRoutes } from "./modules/calendars/staff-routes.ts";
import { certificateStaffRoutes } from "./modules/certificates/staff-routes.ts";
import { contactInboxRoutes } from "./modules/contact/staff-routes.ts";
import { dashboardRoutes } from "./modules/dashboard/staff-routes.ts";
import { supportsStaffRoutes } from "./modules/documents/staff-routes.ts";
import { notificationStaffRoutes } from "./modules/notifications/staff-routes.ts";
import { orientationStaffRoutes } from "./modules/orientation/staff-routes.ts";
import { retentionRoutes } from "./modules/personal-data/retention-routes.ts";
import { personalDataStaffRoutes } from "./modules/personal-data/staff-routes.ts";
import { planningStaffRoutes } from "./modules/planning/staff-routes.ts";
import { policyVersionRoutes } from "./modules/policy/staff-routes.ts";
import { referentielRoutes } from "./modules/referentiel/staff-routes.ts";
import { schoolYearRoutes } from "./modules/school-years/staff-routes.ts";
import { staffAccountRoutes } from "./modules/staff/staff-routes.ts";
import { studentRoutes } from "./modules/students/staff-routes.ts";
import { trashRoutes } from "./modules/trash/staff-routes.ts";
import { PERSONAL_DATA_PARTS } from "./personal-data-parts.ts";
import type { RouteModule } from "./route-scopes.ts";
import { TRASH_KINDS } from "./trash-kinds.ts";

/**
 * The back-office (`/api/gestion`, docs/spec/back-office.md section 8): every module's staff side,
 * each a `RouteModule` that declares its routes in the `staff` scope (route-scopes.ts), listed here
 * as app.ts lists the student side. A module never registers another module's routes.
 */
export const STAFF_ROUTE_MODULES: readonly RouteModule[] = [
  staffAccountRoutes,
  dashboardRoutes,
  studentRoutes,
  certificateStaffRoutes,
  contactInboxRoutes,
  notificationStaffRoutes,
  planningStaffRoutes,
  supportsStaffRoutes,
  orientationStaffRoutes,
  calendarsStaffRoutes,
  policyVersionRoutes,
  trashRoutes(TRASH_KINDS),
  referentielRoutes,
  schoolYearRoutes,
  personalDataStaffRoutes(PERSONAL_DATA_PARTS),
  retentionRoutes(PERSONAL_DATA_PARTS),
  auditRoutes,
];
