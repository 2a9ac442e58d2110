import { STORAGE_KEYS, type StudentData, toStudentData, type User } from "@puerta/contract";
import { useSyncExternalStore } from "react";
import { LOGOUT_EVENT } from "./api.ts";
import { loadSchemas } from "./schemas.ts";
import { storage } from "./storage.ts";

/** Dispatched on `window` when this tab stores a new session or a refreshed user. */
const SESSION_EVENT = "puerta:session";

export type Session = { token: string; user: User | null };

/** Stores the session under the keys of docs/spec/student-portal.md section 3 (token, user, student_data). */
export function saveSession(token: string, user: User | null) {
  storage.set(STORAGE_KEYS.token, token);
  writeUser(user);
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Replaces the stored user (and the student data derived from it) after a refresh. */
export function saveUser(user: User) {
  writeUser(user);
  window.dispatchEvent(new Event(SESSION_EVENT));
}

function writeUser(user: User | null) {
  if (!user) {
    storage.remove(STORAGE_KEYS.user, STORAGE_KEYS.studentData);
    return;
  }
  storage.set(STORAGE_KEYS.user, JSON.stringify(user));
  if (user.etudiant) storage.set(STORAGE_KEYS.studentData, JSON.stringify(toStudentData(user.etudiant)));
  else storage.remove(STORAGE_KEYS.studentData);
}

/** The student data stored at login (docs/spec/student-portal.md section 3), or null. */
export function readStudentData(): StudentData | null {
  return storage.getJson<StudentData>(STORAGE_KEYS.studentData);
}

/**
 * The stored student data checked against the contract's schema, for a page that shows its
 * fields (the profile): a record it would break on, edited by hand or left by an older
 * version, reads as none. Unchecked when the schemas cannot be fetched (offline).
 */
export async function readCheckedStudentData(): Promise<StudentData | null> {
  try {
    const { studentData } = await loadSchemas();
    return studentData.safeParse(readStudentData()).data ?? null;
  } catch {
    return readStudentData();
  }
}

/** Checks a stored user against the contract's schema; null until the schemas are loaded. */
let parseUser: ((value: unknown) => User | null) | null = null;
let parserLoading: Promise<void> | null = null;

/**
 * Fetches the user schema once, then tells every reader to read the session again. The checked
 * user only gives the header its greeting, and the schemas cost a download and some 80 ms of
 * work (on this project's machine; more on a phone): the app asks for them once the page's own
 * data is in (app/root.tsx), an island once it has hydrated (islands/island-providers.tsx).
 */
export function checkStoredUser(): Promise<void> {
  parserLoading ??= loadSchemas().then(
    ({ user }) => {
      parseUser = (value) => user.safeParse(value).data ?? null;
      window.dispatchEvent(new Event(SESSION_EVENT));
    },
    () => {
      // Offline or a stale deployment: try again the next time it is asked for.
      parserLoading = null;
    },
  );
  return parserLoading;
}

let cached: { token: string | null; userRaw: string | null; checked: boolean; session: Session | null } = {
  token: null,
  userRaw: null,
  checked: false,
  session: null,
};

/**
 * The stored session; the same object until the stored values change (useSyncExternalStore
 * needs that). Its user stays null until the schema that checks it has arrived
 * (checkStoredUser).
 */
export function readSession(): Session | null {
  const token = storage.get(STORAGE_KEYS.token);
  const userRaw = storage.get(STORAGE_KEYS.user);
  const checked = parseUser !== null;
  if (token === cached.token && userRaw === cached.userRaw && checked === cached.checked) return cached.session;
  let user: User | null = null;
  if (token && userRaw) {
    if (parseUser) {
      try {
        user = parseUser(JSON.parse(userRaw));
      } catch {
        user = null;
      }
    }
  }
  cached = { token, userRaw, checked, session: token ? { token, user } : null };
  return cached.session;
}

/** The stored user, once checked (waits for the schema when it has not arrived yet). */
export async function readSessionUser(): Promise<User | null> {
  await checkStoredUser();
  return readSession()?.user ?? null;
}

function subscribe(onChange: () => void) {
  window.addEventListener(SESSION_EVENT, onChange);
  window.addEventListener(LOGOUT_EVENT, onChange);
  // Another tab signing in or out.
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(SESSION_EVENT, onChange);
    window.removeEventListener(LOGOUT_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/**
 * The current session: `undefined` while it is not known yet (prerendering and hydration,
 * where storage cannot be read), then the session or null.
 */
export function useSession(): Session | null | undefined {
  return useSyncExternalStore<Session | null | undefined>(subscribe, readSession, () => undefined);
}
