import { useState } from "react";

/**
 * The `Idempotency-Key` of one submitted form (decision 087): made when the form is first sent,
 * the same for every retry of that submission (a second click, "Réessayer" after a lost answer),
 * so the server does the work once; a new one once the submission succeeded.
 */
export type SubmissionKey = {
  /** The key of the submission in progress (made on first use). */
  current(): string;
  /** Sends with the submission's key; a success ends the submission, a failure keeps the key. */
  send<T>(request: (key: string) => Promise<T>): Promise<T>;
};

/** A random key: crypto.randomUUID where the browser has it (secure contexts), else 128 random bits. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function createSubmissionKey(make: () => string = newIdempotencyKey): SubmissionKey {
  let key: string | null = null;
  const current = () => {
    key ??= make();
    return key;
  };
  return {
    current,
    async send(request) {
      const sent = current();
      const result = await request(sent);
      if (key === sent) key = null;
      return result;
    },
  };
}

/** The submission key of a form component: kept across renders. */
export function useSubmissionKey(): SubmissionKey {
  const [submission] = useState(createSubmissionKey);
  return submission;
}

const perObject = new WeakMap<object, SubmissionKey>();

/** The submission key of one item sent on its own (a file of an upload queue: its retries share it). */
export function submissionKeyOf(item: object): SubmissionKey {
  let submission = perObject.get(item);
  if (!submission) {
    submission = createSubmissionKey();
    perObject.set(item, submission);
  }
  return submission;
}

/** The header as the draft writes it: a structured-field string. */
export const idempotencyHeader = (key: string) => ({ "Idempotency-Key": `"${key}"` });
