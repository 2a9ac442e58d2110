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
} as const;
