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
] as const;
export type Entity = (typeof STAFF_ENTITIES)[number];

export type Permission = `${Action}:${Entity}`;

/** What a permission check is about: the centres the resource targets (`null` = every centre). */
export type ScopedResource = { centre_ids: (number | null)[] };

const ALL_ACTIONS: readonly Action[] = STAFF_ACTIONS;

/**
 * The role table. The direction may do everything; the others only what is listed. Entities in
 * `SECRETARIAT_SCOPED` are limited, for the secretariat, to the centres of the account.
 */
const GRANTS: Record<Exclude<StaffRole, "direction">, Partial<Record<Entity, readonly Action[]>>> = {
  secretariat: {
    "tableau-de-bord": ["read"],
    etudiants: ALL_ACTIONS,
    plannings: ALL_ACTIONS,
    notifications: ALL_ACTIONS,
    parascolaire: ALL_ACTIONS,
    // Revoking an attestation and naming its signatory are the direction's ("delete:demandes").
    demandes: ["read", "create", "update", "export"],
    messages: ALL_ACTIONS,
    "jours-feries": ALL_ACTIONS,
  },
  pedagogie: {
    "tableau-de-bord": ["read"],
    supports: ALL_ACTIONS,
    orientation: ALL_ACTIONS,
    parascolaire: ALL_ACTIONS,
    // Names and centres only: the API leaves out e-mail, phone and CIN for this role.
    etudiants: ["read"],
  },
};

/** What the secretariat sees and changes only inside its centres. */
const SECRETARIAT_SCOPED: ReadonlySet<Entity> = new Set<Entity>([
  "etudiants",
  "plannings",
  "notifications",
  "parascolaire",
  "demandes",
  // Closures follow the events' rule; all-centre and generated (national) entries are the direction's.
  "jours-feries",
]);

function splitPermission(permission: Permission): [Action, Entity] {
  const colon = permission.indexOf(":");
  return [permission.slice(0, colon) as Action, permission.slice(colon + 1) as Entity];
}

/**
 * Is the resource inside a secretary's centres? A read needs one of the targeted centres to be hers
 * (or "every centre"); a write needs every targeted centre to be hers, so that it never reaches a
 * student of another centre. A resource that targets no centre at all is outside.
 */
function insideCentres(action: Action, actorCentres: readonly number[], resource: ScopedResource): boolean {
  const targets = resource.centre_ids;
  if (targets.length === 0) return false;
  if (action === "read" || action === "export") {
    return targets.some((centre) => centre === null || actorCentres.includes(centre));
  }
  return targets.every((centre) => centre !== null && actorCentres.includes(centre));
}

/**
 * May this staff member do `permission`, on this resource if one is given? Without a resource the
 * answer is whether the role may do that action on that kind of thing at all (routes, buttons).
 */
export function can(actor: StaffActor, permission: Permission, resource?: ScopedResource): boolean {
  if (actor.role === "direction") return true;
  const [action, entity] = splitPermission(permission);
  const grants = GRANTS[actor.role]?.[entity];
  if (!grants?.includes(action)) return false;
  if (resource && actor.role === "secretariat" && SECRETARIAT_SCOPED.has(entity)) {
    return insideCentres(action, actor.centre_ids, resource);
  }
  return true;
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
  { path: "/gestion/comptes", label: "Comptes", permission: "read:comptes" },
  { path: "/gestion/journal", label: "Journal", permission: "read:journal" },
];

/** The sidebar sections this staff member may open. */
export function staffSections(actor: StaffActor): StaffSection[] {
  return SECTIONS.filter((section) => can(actor, section.permission)).map(({ path, label }) => ({ path, label }));
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}
