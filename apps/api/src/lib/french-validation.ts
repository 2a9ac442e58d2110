import { z } from "zod";

/**
 * Zod's default messages in French, for every schema without its own message (a wrong
 * type, an over-long value, a bad environment variable): nothing a user or an operator
 * reads comes out in English. Imported for this effect by the config and the error handler.
 */
z.config(z.locales.fr());
