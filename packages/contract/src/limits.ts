/** Business constants shared by the API and the web (spec section 9 and the issues). */
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
} as const;

/** Browser storage keys, exactly as the specification names them. */
export const STORAGE_KEYS = {
  token: "token",
  user: "user",
  studentData: "student_data",
  unblockAt: "unblockAt",
} as const;

export const CSRF_COOKIE = "XSRF-TOKEN";
export const CSRF_HEADER = "x-xsrf-token";
