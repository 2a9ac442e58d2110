import { STUDENT_SESSION_HINT_COOKIE } from "@puerta/contract";

/**
 * Whether a student is probably signed in: the server sets the readable `puerta_student` hint
 * beside its HttpOnly session cookie, and clears both at logout (decision 100). It authenticates
 * nothing: the server's 401 is the judge. Its own small module: the islands' loader reads it.
 */
export const hasSessionHint = () =>
  typeof document !== "undefined" && `; ${document.cookie}`.includes(`; ${STUDENT_SESSION_HINT_COOKIE}=`);
