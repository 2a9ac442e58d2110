/**
 * Business constants shared by the API and the web: docs/spec/student-portal.md section 9,
 * the login lockout of docs/spec/back-office.md section 2, and the API's own input limits.
 */
export const LIMITS = {
  /** Largest JSON body the API reads, in bytes. */
  jsonBodyBytes: 100 * 1024,
  loginMaxFailures: 5,
  loginWindowSeconds: 15 * 60,
  emailMaxLength: 254,
  passwordMaxLength: 128,
  passwordMinLength: 8,
  policyScrollTolerancePx: 10,
  cacheSeconds: 300,
  layoutBreakpointPx: 900,
  copyrightYear: 2025,
  /** Seconds a client is told to wait (Retry-After) while the database or the storage is down. */
  serviceRetryAfterSeconds: 5,
} as const;

/** Browser storage keys, exactly as docs/spec/student-portal.md section 3 names them. */
export const STORAGE_KEYS = {
  token: "token",
  user: "user",
  studentData: "student_data",
  unblockAt: "unblockAt",
} as const;

export const CSRF_COOKIE = "XSRF-TOKEN";
/** Readable by the web's scripts, authenticates nothing: "a student is probably signed in here" (decision 100). */
export const STUDENT_SESSION_HINT_COOKIE = "puerta_student";
export const CSRF_HEADER = "x-xsrf-token";
