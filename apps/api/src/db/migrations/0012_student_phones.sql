-- Students' phone numbers in one stored form, E.164 (packages/contract/src/rules/phone.ts):
-- 0661001234, +212 6 61 00 12 34, 00212661001234, 212661001234 and 661001234 all become
-- +212661001234; a foreign number keeps its + and digits; anything else stays as it was.
WITH cleaned AS (
	SELECT "id", regexp_replace(regexp_replace("telephone_etudiant", '[[:space:]' || chr(160) || chr(8239) || '.()/-]', '', 'g'), '^00', '+') AS d
	FROM "etudiants"
	WHERE "telephone_etudiant" IS NOT NULL
)
UPDATE "etudiants" AS e SET "telephone_etudiant" = CASE
	WHEN c.d ~ '^\+2120[5-8][0-9]{8}$' THEN '+212' || substr(c.d, 6)
	WHEN c.d ~ '^\+212[5-8][0-9]{8}$' THEN c.d
	WHEN c.d ~ '^212[5-8][0-9]{8}$' THEN '+' || c.d
	WHEN c.d ~ '^0[5-8][0-9]{8}$' THEN '+212' || substr(c.d, 2)
	WHEN c.d ~ '^[5-8][0-9]{8}$' THEN '+212' || c.d
	WHEN c.d ~ '^\+212' THEN e."telephone_etudiant"
	WHEN c.d ~ '^\+[1-9][0-9]{6,14}$' THEN c.d
	ELSE e."telephone_etudiant"
END
FROM cleaned AS c
WHERE c."id" = e."id";
