import { loadSchemas } from "./schemas.ts";

/**
 * The back-office's forms: the contract's schemas and the staff ones, which live in files of
 * their own so that no student or public page downloads them with the others. Apart from
 * `lib/schemas.ts`, which every page's file carries: the names of the staff files stay out of it.
 */
export const loadStaffSchemas = async () => {
  const [schemas, staff, publishingFiles] = await Promise.all([
    loadSchemas(),
    import("@puerta/contract/staff-schemas"),
    import("@puerta/contract/publishing-files-schemas"),
  ]);
  return { ...schemas, ...staff, ...publishingFiles };
};
