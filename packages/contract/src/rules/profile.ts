/** Profile photo rules: images only, checked by their content, at most 2 MB. */
export const PROFILE_PHOTO = {
  maxBytes: 2 * 1024 * 1024,
  mimeTypes: ["image/jpeg", "image/png", "image/webp"],
  /** The longest side after re-encoding, in pixels. */
  maxSidePx: 512,
} as const;

export const PROFILE_TEXT = {
  title: "Profil Étudiant",
  changePassword: "Modifier le mot de passe",
  edit: "Modifier le profil",
  photoInvalid: "Seules les images JPEG, PNG ou WebP sont acceptées.",
  photoTooLarge: "L'image ne doit pas dépasser 2 Mo.",
  photoMissing: "Choisissez une image à envoyer.",
  photoSaved: "Votre photo de profil a été mise à jour.",
  emailCopies: "Recevoir une copie des notifications par e-mail",
  emailCopiesHint: "Chaque notification publiée pour vous arrive aussi dans votre boîte e-mail.",
  emailCopiesOn: "Vous recevrez une copie des notifications par e-mail.",
  emailCopiesOff: "Vous ne recevrez plus de copie des notifications par e-mail.",
  emailCopiesInvalid: "Indiquez si vous souhaitez recevoir les copies par e-mail.",
  unsubscribeInvalid: "Ce lien de désabonnement n'est pas valide.",
} as const;

/** The profile's e-mail copies setting (an addition to the spec's /api/profile paths). */
export const EMAIL_COPIES_PATH = "/api/profile/email-copies";
