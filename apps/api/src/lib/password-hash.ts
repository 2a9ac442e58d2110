import { hash, verify } from "@node-rs/argon2";

/** argon2id with the library's defaults: the one way a password is hashed (accounts, seed, fixtures). */
export const hashPassword = (password: string) => hash(password);

/** False for a wrong password and for a hash that cannot be read alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
