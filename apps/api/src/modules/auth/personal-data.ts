import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { ownedRowsPart } from "../../lib/personal-data-sql.ts";
import { throttlesPart } from "../../lib/throttle.ts";
import { emailHash } from "./service.ts";

/**
 * Signing in (decision 112): the student's sessions and tokens, and the sign-in lockout counters
 * whose keys hold a hash of their address (and the address the attempts came from).
 */
export const authPersonalData: readonly PersonalDataPart[] = [
  ownedRowsPart({
    module: "auth",
    table: "personal_access_tokens",
    title: "Sessions",
    columns: ["user_id", "token_hash", "name", "created_at", "last_used_at", "expires_at"],
    purpose:
      "Vos sessions ouvertes (site et applications) : quand chacune a été ouverte, utilisée pour la dernière fois et quand elle expire (le jeton lui-même n'est pas exporté).",
    retention: "traces",
    by: "user_id",
    hidden: ["token_hash"],
  }),
  throttlesPart(
    "auth",
    "Les compteurs de tentatives de connexion à votre compte, avec l'adresse IP d'où elles venaient : ils bloquent un moment les essais répétés de mot de passe.",
    (s) => {
      const hash = emailHash(s.email);
      return { exact: [`login-account:${hash}`], prefixes: [`login:${hash}:`, `login-through:${hash}:`] };
    },
  ),
];
