import type { Etudiant, StudentData } from "../schemas/auth.ts";

/** What the web keeps under the `student_data` storage key (docs/spec/student-portal.md section 3), from a user's student record. */
export function toStudentData(e: Etudiant): StudentData {
  return {
    student_id: e.student_id,
    etudiant_id: e.id,
    id: e.id,
    nom: e.nom,
    prenom: e.prenom,
    email: e.email,
    telephone_etudiant: e.telephone_etudiant,
    cin_etudiant: e.cin_etudiant,
    option: e.option,
    option_id: e.option_id,
    centre: e.centre,
    centre_id: e.centre_id,
    filiere_id: e.filiere_id,
    profile_image: e.profile_image,
  };
}
