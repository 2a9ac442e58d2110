/** A file whose content has been checked (and re-encoded for images): ready to store. */
export type CheckedFile = {
  bytes: Buffer;
  contentType: string;
  /** The extension of the stored key (`.pdf`, `.webp`), decided by the content, never by the name sent. */
  extension: string;
};
