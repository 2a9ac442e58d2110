-- Decision 050: a notification's wire JSON (docs/spec/student-portal.md section 3, contract key order, written as
-- JSON.stringify writes it) is computed once per row, in two stored generated columns around
-- "viewed_by", the only field that depends on the reader. Declared IMMUTABLE: the output is
-- fixed by the arguments (UTC, a fixed to_char pattern, no locale-dependent field).
CREATE FUNCTION notification_wire_head(
	id integer, titre text, message text, created_at timestamp with time zone, type_destinataire text,
	etudiant_ids integer[], option_ids integer[], centre_ids integer[], filiere_ids integer[]
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT left(row_to_json(x)::text, -1) || ',"viewed_by":'
	FROM (SELECT
		id AS "id",
		titre AS "titre",
		message AS "message",
		to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "created_at",
		type_destinataire AS "type_destinataire",
		-- An audience list goes out JSON-encoded in a string, or null when empty.
		CASE WHEN cardinality(etudiant_ids) > 0 THEN array_to_json(etudiant_ids)::text END AS "etudiant_ids",
		CASE WHEN cardinality(option_ids) > 0 THEN array_to_json(option_ids)::text END AS "option_ids",
		CASE WHEN cardinality(centre_ids) > 0 THEN array_to_json(centre_ids)::text END AS "centre_ids",
		CASE WHEN cardinality(filiere_ids) > 0 THEN array_to_json(filiere_ids)::text END AS "filiere_ids"
	) x
$$;
--> statement-breakpoint
CREATE FUNCTION notification_wire_tail(
	id integer, statut text, sender text, priority text, photo_key text, link text
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT ',' || substr(row_to_json(x)::text, 2)
	FROM (SELECT
		statut AS "statut",
		sender AS "sender",
		priority AS "priority",
		CASE WHEN photo_key <> '' THEN '/api/notifications/' || id || '/photo' END AS "photo",
		link AS "link"
	) x
$$;
--> statement-breakpoint
-- The same for a course document (docs/spec/student-portal.md section 3) around "taille_fichier", the stored file's
-- size, which lives in another table.
CREATE FUNCTION course_document_wire_head(
	id integer, matiere_id integer, niveau_id integer, titre text, description text, file_name text, type_fichier text
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT left(row_to_json(x)::text, -1) || ',"taille_fichier":'
	FROM (SELECT
		id AS "id",
		matiere_id AS "matiere_id",
		niveau_id AS "niveau_id",
		titre AS "titre",
		description AS "description",
		'cours/' || file_name AS "fichier_path",
		type_fichier AS "type_fichier"
	) x
$$;
--> statement-breakpoint
CREATE FUNCTION course_document_wire_tail(created_at timestamp with time zone) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT ',"created_at":"' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}'
$$;
