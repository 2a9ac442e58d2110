import { formatPhone } from "@puerta/contract";
import { type SQL, sql } from "drizzle-orm";
import { rowsOf } from "../../db/migration-level.ts";
import type { DataSubject, PersonalDataExecutor, PersonalDataPart } from "../../lib/personal-data.ts";
import { addressOf, jsonRows, NO_FILES, textArray } from "../../lib/personal-data-sql.ts";

/** A regular expression that matches `text` literally (PostgreSQL's advanced regular expressions). */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

type Identity = {
  nom: string;
  prenom: string;
  email: string;
  user_email: string;
  telephone: string | null;
  cin: string | null;
  student_id: string;
};

async function identityOf(db: PersonalDataExecutor, s: DataSubject): Promise<Identity | undefined> {
  const [row] = await rowsOf<Identity>(
    db,
    sql`select e.nom, e.prenom, e.email, u.email as user_email, e.telephone_etudiant as telephone,
          e.cin_etudiant as cin, e.student_id
        from etudiants e join users u on u.id = e.user_id where e.id = ${s.etudiantId}`,
  );
  return row;
}

/**
 * What no other person shares, to find an entry that names the student in its text: their
 * addresses, CIN and student number (a name alone would find their namesakes too).
 */
function identifiers(s: DataSubject, who: Identity | undefined): string[] {
  const found = [s.email, who?.email, who?.user_email, who?.cin, who?.student_id];
  return [...new Set(found.filter((v): v is string => !!v && v.trim().length >= 4).map((v) => v.trim().toLowerCase()))];
}

/**
 * The journal entries about the student: theirs by element (their record, their certificate
 * requests, the contact messages sent from their address), the bulk actions that name their id,
 * and any entry whose text holds one of their identifiers. The audit module knows how the other
 * modules journal their elements (`entity`, `entity_id`): it is the one place that reads them all.
 */
function entriesAbout(s: DataSubject, who: Identity | undefined): SQL {
  const words = identifiers(s, who).map(literal);
  const named =
    words.length === 0
      ? sql`false`
      : sql`lower(a.summary || ' ' || coalesce(a.changes::text, '')) ~ ${`(^|[^a-z0-9._%+@-])(${words.join("|")})($|[^a-z0-9._%+@-])`}`;
  return sql`((a.entity = 'etudiants' and a.entity_id = ${String(s.etudiantId)})
    or (a.entity = 'etudiants' and a.changes -> 'etudiants' -> 'after' @> ${JSON.stringify([s.etudiantId])}::jsonb)
    or (a.entity = 'demandes' and a.entity_id in (select r.id::text from certificate_requests r where r.etudiant_id = ${s.etudiantId}))
    or (a.entity = 'messages' and a.entity_id in (select m.id::text from contact_messages m where lower(trim(m.email)) = ${addressOf(s.email)}))
    or ${named})`;
}

/**
 * What names the student inside those entries, longest first (so that "Prénom Nom" goes whole
 * before "Nom" alone): their name both ways round and each part, addresses, CIN, phone (stored and
 * displayed), student number, the names their requests and contact messages copied, and the
 * earlier values the journal recorded of a rectified field.
 */
async function wordsOf(db: PersonalDataExecutor, s: DataSubject, who: Identity | undefined): Promise<string[]> {
  const words = new Set<string>(identifiers(s, who));
  const add = (value: unknown) => {
    if (typeof value !== "string" || value.trim() === "") return;
    words.add(value);
    const phone = formatPhone(value);
    if (phone !== value) for (const form of [phone, phone.replace(/\s/g, "")]) words.add(form);
  };
  if (who) {
    for (const value of [`${who.prenom} ${who.nom}`, `${who.nom} ${who.prenom}`, who.nom, who.prenom]) add(value);
    for (const value of [who.email, who.user_email, who.cin, who.student_id, who.telephone]) add(value);
  }
  const copies = await rowsOf<{ value: string }>(
    db,
    sql`select r.prenom || ' ' || r.nom as value from certificate_requests r where r.etudiant_id = ${s.etudiantId}
        union select m.nom from contact_messages m where lower(trim(m.email)) = ${addressOf(s.email)}
        union select m.telephone from contact_messages m where lower(trim(m.email)) = ${addressOf(s.email)}
        union select jsonb_extract_path_text(a.changes, field, side)
          from audit_log a, unnest(array['nom', 'prenom', 'email', 'telephone', 'cin', 'numero_etudiant']) as field,
            unnest(array['before', 'after']) as side
          where a.entity = 'etudiants' and a.entity_id = ${String(s.etudiantId)} and a.changes is not null`,
  );
  for (const { value } of copies) add(value);
  return [...words].sort((a, b) => b.length - a.length);
}

/**
 * The journal (decision 112, the spec's section 4): read-only for the export; on erasure the
 * entries keep their event (when, who by id, what, on which element) and their personal fields
 * become `[effacé]` through audit_log_pseudonymise (migration 0016), the only change the journal
 * accepts. FIRST in src/personal-data-parts.ts: it finds entries through the student's requests and
 * messages, and their words through their record, before the other parts remove them.
 */
export const auditPersonalData: readonly PersonalDataPart[] = [
  {
    module: "audit",
    table: "audit_log",
    title: "Journal d'audit",
    columns: ["entity_id", "summary", "changes", "ip"],
    purpose:
      "Les entrées du journal d'audit qui vous concernent : ce que le personnel a fait de votre dossier, de vos demandes et de vos messages, quand et qui (l'adresse IP du membre du personnel n'est pas exportée).",
    retention: "journal",
    async rows(db, s) {
      const who = await identityOf(db, s);
      return jsonRows(
        db,
        sql`select to_jsonb(a) - 'ip' as row from audit_log a where ${entriesAbout(s, who)} order by a.at, a.id`,
      );
    },
    async erase(tx, s) {
      const who = await identityOf(tx, s);
      const entries = await rowsOf<{ id: string }>(
        tx,
        sql`select a.id::text as id from audit_log a where ${entriesAbout(s, who)}`,
      );
      if (entries.length > 0) {
        const words = await wordsOf(tx, s, who);
        await tx.execute(
          sql`select audit_log_pseudonymise(${textArray(entries.map((e) => e.id))}::bigint[], ${textArray(words)})`,
        );
      }
      return NO_FILES;
    },
    kept: "Chaque entrée du journal garde son événement (date, membre du personnel, action, élément concerné) ; votre nom, vos adresses, votre CIN, votre téléphone et votre numéro d'étudiant y deviennent « [effacé] », l'adresse IP est supprimée.",
  },
];
