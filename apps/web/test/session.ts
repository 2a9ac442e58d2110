/** A signed-in student in a component test, as the browser holds it after `POST /api/session`. */
import type { User } from "@puerta/contract";
import { saveUser } from "../lib/session.ts";

/** The readable hint the server sets beside its HttpOnly session cookie (decision 100). */
export const SESSION_HINT_COOKIE = "puerta_student=1; path=/";

/** Signed in: the hint cookie, and (when given) who, as `GET /api/user` answered. */
export function signInAs(user: User | null = null) {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the browser storing the server's cookie
  document.cookie = SESSION_HINT_COOKIE;
  saveUser(user);
}

/** A student as `GET /api/user` answers, with `etudiant` fields overridden. */
export function studentUser(etudiant: Partial<NonNullable<User["etudiant"]>> = {}): User {
  return {
    id: 9,
    name: "Yasmine El Amrani",
    email: "etudiant.demo@example.com",
    created_at: "2025-09-01T08:00:00.000Z",
    etudiant: {
      id: 5,
      student_id: "PU-2025-0005",
      centre_id: 1,
      option_id: 1,
      filiere_id: 1,
      centre: { id: 1, nom: "Ain Sebaa" },
      option: { id: 1, nom: "Selectividad Santé" },
      telephone_etudiant: null,
      nom: "El Amrani",
      prenom: "Yasmine",
      email: "etudiant.demo@example.com",
      profile_image: null,
      cin_etudiant: null,
      statut_scolaire: "inscrit",
      ...etudiant,
    },
  };
}
