/**
 * Who on the staff may do what (docs/spec/back-office.md section 1). Pure: the API enforces it on every
 * `/api/gestion` route and resource, the web uses it to hide what a role may not do.
 */

export const STAFF_ROLES = ["direction", "secretariat", "pedagogie"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  direction: "Direction",
  secretariat: "Secrétariat",
  pedagogie: "Pédagogie",
};

/** A staff member as the policy sees them: their role and, for the secretariat, their centres. */
export type StaffActor = { role: StaffRole; centre_ids: number[] };

export const STAFF_ACTIONS = ["read", "create", "update", "delete", "export"] as const;
export type Action = (typeof STAFF_ACTIONS)[number];

export const STAFF_ENTITIES = [
  "comptes",
  "referentiel",
  "etudiants",
  "plannings",
  "supports",
  "orientation",
  "parascolaire",
  "jours-feries",
  "notifications",
  "demandes",
  "messages",
  "politique",
  "journal",
  "corbeille",
  "tableau-de-bord",
  "annees",
  // Retention periods, purges and the requests handled under law 09-08 (decision 114): the direction only.
  "donnees-personnelles",
] as const;
export type Entity = (typeof STAFF_ENTITIES)[number];

export type Permission = `${Action}:${Entity}`;

/** What a permission check is about: the centres the resource targets (`null` = every centre). */
export type ScopedResource = { centre_ids: (number | null)[] };

const ALL_ACTIONS: readonly Action[] = STAFF_ACTIONS;

/**
 * How far a grant reaches, as the Epic Stack writes it (`read:notifications:any` against
 * `read:notifications:centre`): every centre, or only the centres of the account.
 */
export const STAFF_ACCESS_LEVELS = ["any", "centre"] as const;
export type Access = (typeof STAFF_ACCESS_LEVELS)[number];
export type Grant = `${Action}:${Entity}:${Access}`;

/**
 * The entities whose rows belong to centres, and what "hers" means for a secretary's reads
 * (decision 099). `inside`: every centre the row targets is hers, and a row for every centre is
 * not; `overlaps`: one targeted centre is hers, or the row is for every centre. A write is always
 * judged `inside`, so that it never reaches a student of another centre. A row that targets no
 * centre at all is outside for both.
 */
export const CENTRE_SCOPED: Readonly<Record<CentreScopedEntity, { reads: "inside" | "overlaps" }>> = {
  // One centre per row (a student's, a planning's, a request's student's): a row without one is outside.
  etudiants: { reads: "inside" },
  plannings: { reads: "inside" },
  demandes: { reads: "inside" },
  // docs/spec/back-office.md section 1: "notifications whose audience stays inside those centres".
  notifications: { reads: "inside" },
  // Events and holidays for every centre are on her calendar too; she changes only her centres'.
  parascolaire: { reads: "overlaps" },
  "jours-feries": { reads: "overlaps" },
};
export type CentreScopedEntity =
  | "etudiants"
  | "plannings"
  | "demandes"
  | "notifications"
  | "parascolaire"
  | "jours-feries";

const grants = (entity: Entity, actions: readonly Action[], access: Access): Grant[] =>
  actions.map((action) => `${action}:${entity}:${access}` as const);

/** The role table (docs/spec/back-office.md section 1). The direction may do everything, everywhere. */
const GRANTS: Record<Exclude<StaffRole, "direction">, ReadonlySet<Grant>> = {
  secretariat: new Set([
    ...grants("tableau-de-bord", ["read"], "any"),
    ...grants("etudiants", ALL_ACTIONS, "centre"),
    ...grants("plannings", ALL_ACTIONS, "centre"),
    ...grants("notifications", ALL_ACTIONS, "centre"),
    ...grants("parascolaire", ALL_ACTIONS, "centre"),
    // Revoking an attestation and naming its signatory are the direction's ("delete:demandes").
    ...grants("demandes", ["read", "create", "update", "export"], "centre"),
    ...grants("messages", ALL_ACTIONS, "any"),
    // Closures follow the events' rule; all-centre and generated (national) entries are the direction's.
    ...grants("jours-feries", ALL_ACTIONS, "centre"),
  ]),
  pedagogie: new Set([
    ...grants("tableau-de-bord", ["read"], "any"),
    ...grants("supports", ALL_ACTIONS, "any"),
    ...grants("orientation", ALL_ACTIONS, "any"),
    ...grants("parascolaire", ALL_ACTIONS, "any"),
    // Names and centres only: the API leaves out e-mail, phone and CIN for this role.
    ...grants("etudiants", ["read"], "any"),
  ]),
};

function splitPermission(permission: Permission): [Action, Entity] {
  const colon = permission.indexOf(":");
  return [permission.slice(0, colon) as Action, permission.slice(colon + 1) as Entity];
}

/** The entity a permission is about (`read:etudiants` → `etudiants`). */
export const entityOf = (permission: Permission): Entity => splitPermission(permission)[1];

/** How far this staff member may do `permission`: `any` centre, their own `centre`s, or not at all (null). */
export function accessOf(actor: Pick<StaffActor, "role">, permission: Permission): Access | null {
  if (actor.role === "direction") return "any";
  const granted = GRANTS[actor.role];
  if (granted?.has(`${permission}:any`)) return "any";
  if (granted?.has(`${permission}:centre`)) return "centre";
  return null;
}

/**
 * The one question every list, count, export and picker asks: the centres this staff member is
 * limited to for `permission`, or null when they are not limited (every centre). The API turns it
 * into SQL with the entity's row centres (apps/api/src/lib/centre-scope.ts); the web offers only those.
 */
export function centreLimit(actor: StaffActor, permission: Permission): readonly number[] | null {
  const access = accessOf(actor, permission);
  if (access === "any") return null;
  return access === "centre" ? actor.centre_ids : [];
}

/** Whether `permission`'s reads of rows judge "hers" by `inside` or `overlaps` (CENTRE_SCOPED); writes are `inside`. */
export function centreRule(permission: Permission): "inside" | "overlaps" {
  const [action, entity] = splitPermission(permission);
  const scoped = CENTRE_SCOPED[entity as CentreScopedEntity];
  return scoped && (action === "read" || action === "export") ? scoped.reads : "inside";
}

/** Does a row targeting `targets` belong to `mine` under `rule`? The SQL twin is lib/centre-scope.ts. */
export function isHers(
  rule: "inside" | "overlaps",
  mine: readonly number[],
  targets: readonly (number | null)[],
): boolean {
  if (targets.length === 0) return false;
  if (rule === "overlaps") return targets.some((centre) => centre === null || mine.includes(centre));
  return targets.every((centre) => centre !== null && mine.includes(centre));
}

/** Whether an account of this role is limited to centres, so that it must name at least one. */
export function roleHasCentres(role: string): boolean {
  if (!isStaffRole(role) || role === "direction") return false;
  return [...GRANTS[role]].some((grant) => grant.endsWith(":centre"));
}

/**
 * May this staff member do `permission`, on this resource if one is given? Without a resource the
 * answer is whether the role may do that action on that kind of thing at all (routes, buttons).
 */
export function can(actor: StaffActor, permission: Permission, resource?: ScopedResource): boolean {
  const access = accessOf(actor, permission);
  if (access === null) return false;
  if (!resource || access === "any") return true;
  return isHers(centreRule(permission), actor.centre_ids, resource.centre_ids);
}

/**
 * The centres a holiday or closure targets, as `can` reads them: only an academy closure
 * (vacances, fermeture) aimed at named centres is scoped; every other entry (every centre, or a
 * generated national, international or religious holiday) counts as "every centre" (`null`).
 */
export function holidayScope(holiday: {
  categorie: string;
  tous_centres: boolean;
  centre_ids: number[];
}): ScopedResource {
  const closure = holiday.categorie === "vacances" || holiday.categorie === "fermeture";
  return { centre_ids: closure && !holiday.tous_centres ? holiday.centre_ids : [null] };
}

/** The whole calendar at once (generating a school year's holidays): every centre. */
export const EVERY_CENTRE: ScopedResource = { centre_ids: [null] };

export type StaffSection = { path: string; label: string };

/** Every section of the sidebar, in order (daily work first), with what it takes to open it. */
const SECTIONS: readonly (StaffSection & { permission: Permission })[] = [
  { path: "/gestion", label: "Tableau de bord", permission: "read:tableau-de-bord" },
  { path: "/gestion/etudiants", label: "Étudiants", permission: "read:etudiants" },
  { path: "/gestion/demandes", label: "Demandes d'attestation", permission: "read:demandes" },
  { path: "/gestion/messages", label: "Messages", permission: "read:messages" },
  { path: "/gestion/notifications", label: "Notifications", permission: "read:notifications" },
  { path: "/gestion/plannings", label: "Plannings", permission: "read:plannings" },
  { path: "/gestion/supports", label: "Supports de cours", permission: "read:supports" },
  { path: "/gestion/orientation", label: "Orientation", permission: "read:orientation" },
  { path: "/gestion/parascolaire", label: "Parascolaire", permission: "read:parascolaire" },
  { path: "/gestion/jours-feries", label: "Jours fériés", permission: "read:jours-feries" },
  { path: "/gestion/politique", label: "Politique", permission: "read:politique" },
  // Every role restores what it may change; the bin lists only those kinds.
  { path: "/gestion/corbeille", label: "Corbeille", permission: "read:tableau-de-bord" },
  { path: "/gestion/referentiel", label: "Référentiel", permission: "read:referentiel" },
  { path: "/gestion/annees", label: "Années scolaires", permission: "read:annees" },
  { path: "/gestion/comptes", label: "Comptes", permission: "read:comptes" },
  { path: "/gestion/donnees-personnelles", label: "Données personnelles", permission: "read:donnees-personnelles" },
  { path: "/gestion/journal", label: "Journal", permission: "read:journal" },
];

/** The sidebar sections this staff member may open. */
export function staffSections(actor: StaffActor): StaffSection[] {
  return SECTIONS.filter((section) => can(actor, section.permission)).map(({ path, label }) => ({ path, label }));
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}
