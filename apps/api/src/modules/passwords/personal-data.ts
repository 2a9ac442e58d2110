import type { PersonalDataPart } from "../../lib/personal-data.ts";
import { ownedRowsPart } from "../../lib/personal-data-sql.ts";
import { throttlesPart } from "../../lib/throttle.ts";
import { emailKey } from "./reset-flow.ts";

/** Passwords (decision 112): the reset links asked for, and the counters that limit them and the changes. */
export const passwordsPersonalData: readonly PersonalDataPart[] = [
  ownedRowsPart({
    module: "passwords",
    table: "password_resets",
    title: "Liens de réinitialisation du mot de passe",
    columns: ["user_id", "token_hash", "created_at", "expires_at", "used_at"],
    purpose:
      "Les liens « mot de passe oublié » demandés : quand, jusqu'à quand ils valaient et s'ils ont servi (le lien lui-même n'est pas gardé, ni exporté).",
    retention: "traces",
    by: "user_id",
    hidden: ["token_hash"],
  }),
  throttlesPart(
    "passwords",
    "Les compteurs qui limitent les demandes de lien de réinitialisation envoyées à votre adresse et les essais de votre mot de passe actuel.",
    (s) => ({ exact: [`forgot:email:${emailKey(s.email)}`, `change-password:${s.userId}`], prefixes: [] }),
  ),
];
