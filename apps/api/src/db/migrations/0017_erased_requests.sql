-- Law 09-08 erasure (decision 112): a request whose attestation was issued outlives the erased
-- student, its identity pseudonymised and its student no longer named, so that the register of
-- issued attestations (certificate_documents) and /verifier/{code} still vouch for the document.
ALTER TABLE "certificate_requests" ALTER COLUMN "etudiant_id" DROP NOT NULL;
