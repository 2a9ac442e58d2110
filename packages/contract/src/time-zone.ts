/** The academy's time zone (Casablanca): "today", dates in e-mails, months and feeds are read here. */
export const ACADEMY_TIME_ZONE = "Africa/Casablanca";
