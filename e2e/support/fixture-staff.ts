/**
 * Staff accounts of the students' e2e spec alone (e2e/server.ts writes them): the demo accounts'
 * second factor is enrolled by gestion-journey.spec.ts, whose secret no other spec knows.
 * No second factor yet: the spec's first sign-in enrols it.
 */
export const FIXTURE_STAFF_PASSWORD = "Gestion-E2E-2026";

export const FIXTURE_STAFF = {
  studentsDirection: {
    name: "Direction Étudiants E2E",
    email: "direction.etudiants.e2e@example.com",
    role: "direction",
  },
  studentsSecretary: {
    name: "Secrétariat Étudiants E2E",
    email: "secretariat.etudiants.e2e@example.com",
    role: "secretariat",
    centre: "Ain Sebaa",
  },
} as const;
