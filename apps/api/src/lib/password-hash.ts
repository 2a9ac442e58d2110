/** The native argon2 binding is loaded by the first sign-in, not at start (decision 080). */
const argon2 = () => import("@node-rs/argon2");

/** argon2id with the library's defaults: the one way a password is hashed (accounts, seed, fixtures). */
export const hashPassword = async (password: string) => (await argon2()).hash(password);

/** False for a wrong password and for a hash that cannot be read alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await argon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
