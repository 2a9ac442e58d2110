import type { CoreContext } from "./context.ts";
import type { Mailer } from "./lib/mailer/index.ts";
import type { AuthService } from "./modules/auth/service.ts";
import type { Readiness } from "./modules/health/service.ts";
import type { PolicyService } from "./modules/policy/service.ts";
import type { ScheduledJobs } from "./scheduled-jobs.ts";

/** What a module's routes receive: the core plus the services other modules may call. */
export type AppContext = CoreContext & {
  auth: AuthService;
  policy: PolicyService;
  /** E-mail through the outbox (lib/mailer). */
  mail: Mailer;
  /** What runs by itself on an interval (scheduled-jobs.ts). */
  jobs: ScheduledJobs;
  /** What /readyz answers (modules/health): told of the faults requests meet, and of the page thread. */
  readiness: Readiness;
};
