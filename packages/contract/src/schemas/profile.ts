import { z } from "zod";

export const profilePhotoResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  profile_image: z.string(),
});
