/**
 * Files staff upload (docs/spec/back-office.md section 5): PDF for documents, JPEG/PNG/WebP for
 * images, checked by content on the server. The web reads the same limits to hint the user.
 */
export const UPLOAD_LIMITS = {
  pdf: {
    maxBytes: 20 * 1024 * 1024,
    mimeTypes: ["application/pdf"],
    /** The file input's `accept`. */
    accept: "application/pdf,.pdf",
  },
  image: {
    maxBytes: 8 * 1024 * 1024,
    maxPixels: 40_000_000,
    mimeTypes: ["image/jpeg", "image/png", "image/webp"],
    accept: "image/jpeg,image/png,image/webp",
  },
} as const;

export const UPLOAD_TEXT = {
  missing: "Choisissez un fichier.",
  pdfInvalid: "Ce fichier n'est pas un PDF lisible.",
  pdfTooLarge: "Le PDF dépasse la taille maximale de 20 Mo.",
  imageInvalid: "Ce fichier n'est pas une image JPEG, PNG ou WebP lisible.",
  imageTooLarge: "L'image dépasse la taille maximale de 8 Mo.",
  imageTooManyPixels: "L'image est trop grande (40 mégapixels au plus).",
  tooManyFiles: "Trop de fichiers dans un seul envoi.",
  /** Web side: the upload could not reach the server. */
  network: "L'envoi a échoué : vérifiez votre connexion puis réessayez.",
  cancelled: "Envoi annulé.",
} as const;
