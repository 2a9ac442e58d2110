import { sql } from "drizzle-orm";
import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { addressOf, jsonRows, NO_FILES, ownedRowsPart } from "../../lib/personal-data-sql.ts";

/** The lines of an import file (`rows`, `[{ line, values: { email… } }]`) that are about `email`. */
const lineAbout = (email: string) => sql`lower(trim(line -> 'values' ->> 'email')) = ${addressOf(email)}`;

/**
 * The student's record (decision 112): who they are (`etudiants`, `users`), the years they attended
 * (`inscriptions`), their invitation links, and their line of an import file still waiting for
 * "Importer". `etudiants` and `users` come LAST in src/personal-data-parts.ts: every other part
 * still finds the student through them, and deleting them cascades to nothing that another part
 * has not already erased.
 */
export const studentsPersonalData: readonly PersonalDataPart[] = [
  ownedRowsPart({
    module: "students",
    table: "student_invitations",
    title: "Invitations",
    columns: ["user_id", "token_hash", "created_at", "expires_at", "used_at"],
    purpose:
      "Les liens d'invitation envoyés pour créer le mot de passe du compte (seule l'empreinte du lien est gardée, elle n'est pas exportée).",
    retention: "invitations",
    by: "user_id",
    hidden: ["token_hash"],
  }),
  {
    module: "students",
    table: "inscriptions",
    title: "Années scolaires suivies",
    columns: ["etudiant_id", "annee_id", "centre_id", "option_id", "filiere_id"],
    purpose:
      "Les années scolaires suivies, avec le centre, l'option et la filière de chaque année : elles permettent de délivrer une attestation de scolarité.",
    retention: "anciens_eleves",
    rows: (db, s) =>
      jsonRows(
        db,
        sql`select to_jsonb(i) || jsonb_build_object('annee_scolaire', a.debut_annee || '-' || (a.debut_annee + 1),
              'centre', c.nom, 'option', o.nom, 'filiere', f.nom) as row
            from inscriptions i join annees_scolaires a on a.id = i.annee_id
            left join centres c on c.id = i.centre_id left join options o on o.id = i.option_id
            left join filieres f on f.id = i.filiere_id
            where i.etudiant_id = ${s.etudiantId} order by a.debut_annee`,
      ),
    async erase(tx, s) {
      await tx.execute(sql`delete from inscriptions where etudiant_id = ${s.etudiantId}`);
      return NO_FILES;
    },
  },
  {
    module: "students",
    table: "student_imports",
    title: "Fichier d'import en attente",
    columns: ["rows"],
    purpose:
      "Votre ligne d'un fichier d'import d'étudiants déposé par le secrétariat, en attente de confirmation (une heure au plus).",
    retention: "traces",
    // Only the student's own line: the rest of the file is other students'.
    rows: (db, s) =>
      jsonRows(
        db,
        sql`select jsonb_build_object('created_at', i.created_at, 'expires_at', i.expires_at, 'ligne', line) as row
            from student_imports i, jsonb_array_elements(i.rows) as line
            where ${lineAbout(s.email)} order by i.created_at`,
      ),
    // The import stays for the others; only the student's line leaves it.
    async erase(tx, s) {
      await tx.execute(
        sql`update student_imports i set rows = coalesce((
              select jsonb_agg(line order by n) from jsonb_array_elements(i.rows) with ordinality as kept(line, n)
              where not coalesce(${lineAbout(s.email)}, false)), '[]'::jsonb)
            where exists (select 1 from jsonb_array_elements(i.rows) as line where ${lineAbout(s.email)})`,
      );
      return NO_FILES;
    },
  },
  {
    module: "students",
    table: "etudiants",
    title: "Dossier d'étudiant",
    columns: [
      "user_id",
      "student_id",
      "nom",
      "prenom",
      "email",
      "telephone_etudiant",
      "cin_etudiant",
      "centre_id",
      "option_id",
      "filiere_id",
      "profile_image",
      "email_copies",
      "promotion_id",
      "statut_scolaire",
      "sorti_le",
      "motif_sortie",
    ],
    purpose:
      "Votre dossier d'étudiant : identité, coordonnées, CIN, numéro d'étudiant, centre, option, filière, promotion et statut scolaire, tenus par le secrétariat pour suivre votre formation et vous délivrer vos attestations.",
    retention: "anciens_eleves",
    rows: (db, s) =>
      jsonRows(
        db,
        sql`select to_jsonb(e) || jsonb_build_object('centre', c.nom, 'option', o.nom, 'filiere', f.nom,
              'promotion', a.debut_annee || '-' || (a.debut_annee + 1)) as row
            from etudiants e join annees_scolaires a on a.id = e.promotion_id
            left join centres c on c.id = e.centre_id left join options o on o.id = e.option_id
            left join filieres f on f.id = e.filiere_id
            where e.id = ${s.etudiantId}`,
      ),
    async erase(tx, s) {
      await tx.execute(sql`delete from etudiants where id = ${s.etudiantId}`);
      return NO_FILES;
    },
  },
  {
    module: "students",
    table: "users",
    title: "Compte",
    columns: ["name", "email", "password_hash", "deactivated_at", "last_login_at", "created_at", "updated_at"],
    purpose:
      "Votre compte de connexion : nom, adresse e-mail, dates de création, de dernière connexion et de désactivation (l'empreinte du mot de passe n'est pas exportée).",
    retention: "anciens_eleves",
    rows: (db, s) =>
      jsonRows(db, sql`select to_jsonb(u) - 'password_hash' as row from users u where u.id = ${s.userId}`),
    async erase(tx, s) {
      await tx.execute(sql`delete from users where id = ${s.userId}`);
      return NO_FILES;
    },
  },
];
