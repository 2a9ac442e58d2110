-- Law 09-08 (decision 113): the journal's bulk entries written before the students' bulk actions
-- named students by id and count listed the students' e-mail addresses in
-- changes.etudiants.after. Each address becomes '[effacé]' through the journal's one allowed
-- change (audit_log_pseudonymise, migration 0016); the event, its count and its ids stay.
SELECT audit_log_pseudonymise(
	array[id],
	array(
		SELECT value FROM jsonb_array_elements_text(changes -> 'etudiants' -> 'after') AS value WHERE value LIKE '%@%'
	)
)
FROM audit_log
WHERE entity = 'etudiants' AND entity_id IS NULL
	AND jsonb_typeof(changes -> 'etudiants' -> 'after') = 'array'
	AND EXISTS (
		SELECT 1 FROM jsonb_array_elements_text(changes -> 'etudiants' -> 'after') AS value WHERE value LIKE '%@%'
	);
