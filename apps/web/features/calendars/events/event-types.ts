import type { EventType } from "@puerta/contract";
import {
  Award,
  BookOpen,
  Compass,
  DoorOpen,
  GraduationCap,
  HandHeart,
  type LucideIcon,
  Palette,
  PartyPopper,
  Trophy,
  Users,
} from "lucide-react";

/** One icon per event type (docs/spec/student-portal.md section 2); academic is also the default. */
export const EVENT_TYPE_ICONS: Record<EventType, LucideIcon> = {
  ceremony: Award,
  orientation: Compass,
  cultural: Palette,
  competition: Trophy,
  "open-day": DoorOpen,
  gala: PartyPopper,
  academic: BookOpen,
  alumni: Users,
  citizenship: HandHeart,
  graduation: GraduationCap,
};
