import { LIMITS } from "../limits.ts";

/** French texts of the password flows; strings quoted from docs/spec/student-portal.md are kept to the letter. */
export const PASSWORD_MESSAGES = {
  mismatch: "Les mots de passe ne correspondent pas",
  currentRequired: "Le mot de passe actuel est requis.",
  currentWrong: "Le mot de passe actuel est incorrect.",
  newRequired: "Le nouveau mot de passe est requis.",
  confirmationRequired: "La confirmation du mot de passe est requise.",
  tooShort: `Le mot de passe doit contenir au moins ${LIMITS.passwordMinLength} caractères.`,
  tooLong: `Le mot de passe ne doit pas dépasser ${LIMITS.passwordMaxLength} caractères.`,
  tooCommon: "Ce mot de passe fait partie des plus courants. Choisissez-en un autre.",
  contextWord:
    "Ce mot de passe est trop facile à deviner : il reprend le nom de l'académie, d'un centre, d'un examen ou le vôtre. Choisissez-en un autre.",
  sameAsCurrent: "Le nouveau mot de passe doit être différent de l'actuel.",
  changed: "Votre mot de passe a été modifié avec succès.",
  tooManyAttempts: "Trop de tentatives. Réessayez dans quelques minutes.",
  serverUnreachable: "Erreur serveur, réessayez plus tard.",
  generic: "Une erreur s'est produite",

  forgotSent: "Si un compte correspond à cette adresse, un e-mail de réinitialisation vient de vous être envoyé.",
  tooManyRequests: "Trop de demandes. Réessayez dans quelques minutes.",

  linkIncomplete: "Lien de réinitialisation incomplet.",
  verifyFailed: "Erreur de vérification du token.",
  connectionFailed: "Erreur de connexion au serveur.",
  linkInvalidTitle: "Lien invalide ou expiré",
  linkInvalid: "Ce lien de réinitialisation est invalide ou a expiré. Faites une nouvelle demande.",
  linkValid: "Lien valide.",
  newRequest: "Nouvelle demande",
  resetDone: "Votre mot de passe a été réinitialisé. Vous allez être redirigé vers la page de connexion.",
} as const;

/** Lifetime of a reset link, and the delay before the reset page sends the student to /login (docs/spec/student-portal.md section 9). */
export const PASSWORD_LIMITS = {
  resetTokenMinutes: 60,
  resetRedirectSeconds: 3,
} as const;

/**
 * The value the reset page sends as `recaptcha_token` (docs/spec/student-portal.md section 7: a fixed placeholder).
 * The server does not check it: see docs/decisions (reset password and captcha).
 */
export const RESET_CAPTCHA_PLACEHOLDER = "reset-password-no-captcha";

/**
 * Words a guesser tries first on this site (ASVS 5.0 6.2.11, NIST 800-63B): the academy's, its
 * exams', its city's and its centres' names. Written without accents, as `passwordCore` leaves them.
 */
export const PASSWORD_CONTEXT_WORDS = [
  "puerta",
  "selectividad",
  "dele",
  "siele",
  "gestion",
  "academie",
  "academia",
  "academy",
  "casablanca",
  "casa",
  "ainsebaa",
  "moulayyoussef",
  "zenith",
  "maarif",
] as const;

const SUBSTITUTIONS: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
  "!": "i",
  "€": "e",
};

/** Lower case, without accents, ligatures or anything but letters and digits. */
const plain = (text: string) =>
  text.normalize("NFKD").replace(/\p{M}/gu, "").replace(/œ/g, "oe").replace(/æ/g, "ae").toLowerCase();

/**
 * What is left of a password once its decoration is gone: leading and trailing digits and symbols
 * stripped, common substitutions undone (`Pu3rt@` → `puerta`), separators dropped. Two readings,
 * as a trailing `@` or `$` may stand for a letter (`Pu3rt@2026`) or decorate.
 */
export function passwordCores(password: string): string[] {
  const text = plain(password);
  const undo = (rest: string) =>
    [...rest]
      .map((c) => SUBSTITUTIONS[c] ?? c)
      .join("")
      .replace(/[^\p{L}]/gu, "");
  const stripped = text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  const keepingLetterSymbols = text.replace(/^[^\p{L}@$]+|[^\p{L}@$]+$/gu, "");
  return [...new Set([undo(stripped), undo(keepingLetterSymbols)])].filter((core) => core.length > 0);
}

/** The words of a name or an e-mail address that a guesser would try (3 letters or more). */
export function personalPasswordWords(...texts: (string | null | undefined)[]): string[] {
  return texts.flatMap((text) => {
    const local = plain((text ?? "").split("@")[0] ?? "");
    return [...local.split(/[^\p{L}]+/u), local.replace(/[^\p{L}]/gu, "")].filter((word) => word.length >= 3);
  });
}

/**
 * Is the password only made of context words (the site's, `extraWords` such as the centres'
 * names, or the person's own name and e-mail) once decorated digits, symbols and substitutions
 * are undone (passwordCores)? `Selectividad2026`, `Puerta2025!`, `Casablanca2025` and `Yasmine1990` are; a
 * password with anything of its own is not.
 */
export function isContextPassword(password: string, extraWords: readonly string[] = []): boolean {
  const words = new Set<string>(PASSWORD_CONTEXT_WORDS);
  for (const word of extraWords) {
    const w = plain(word).replace(/[^\p{L}]/gu, "");
    if (w.length >= 3) words.add(w);
  }
  // Word break: can a core be cut into context words only?
  return passwordCores(password).some((core) => {
    const fits: boolean[] = [true];
    for (let end = 1; end <= core.length; end++) {
      fits[end] = false;
      for (let start = 0; start < end && !fits[end]; start++) {
        if (fits[start] && words.has(core.slice(start, end))) fits[end] = true;
      }
    }
    return fits[core.length] === true;
  });
}
