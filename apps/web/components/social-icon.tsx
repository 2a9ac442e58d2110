import type { ReactNode } from "react";

export type IconNetwork = "facebook" | "instagram" | "youtube" | "tiktok" | "linkedin" | "whatsapp";

/** Simple line glyphs of the networks the academy uses (decorative: give the link a text). */
const GLYPHS: Record<IconNetwork, ReactNode> = {
  facebook: (
    <>
      <rect x="2.5" y="2.5" width="19" height="19" rx="5" />
      <path d="M15.5 7.5h-1.25A2.75 2.75 0 0 0 11.5 10.25V21.5M9 13h5.5" />
    </>
  ),
  instagram: (
    <>
      <rect x="2.5" y="2.5" width="19" height="19" rx="5.5" />
      <circle cx="12" cy="12" r="4.25" />
      <circle cx="17.4" cy="6.6" r="0.6" fill="currentColor" />
    </>
  ),
  youtube: (
    <>
      <rect x="2" y="5" width="20" height="14" rx="4" />
      <path d="M10 9.25v5.5L14.75 12Z" fill="currentColor" />
    </>
  ),
  tiktok: <path d="M13.5 3v11.75a3.75 3.75 0 1 1-3.75-3.75M13.5 3c.4 2.6 2.4 4.6 5 4.9" />,
  linkedin: (
    <>
      <rect x="2.5" y="2.5" width="19" height="19" rx="4" />
      <path d="M7.5 10.5v6M7.5 7.5v.01M11.5 16.5v-6M11.5 13.25a2.5 2.5 0 0 1 5 0v3.25" />
    </>
  ),
  whatsapp: (
    <>
      <path d="M3.5 20.5 4.9 16.4A8.5 8.5 0 1 1 7.8 19.3Z" />
      <path d="M9 8.25c.2 3.4 3.1 6.3 6.5 6.5l1-1.6-2.1-1-1 .9a4.6 4.6 0 0 1-2.2-2.2l.9-1-1-2.1Z" />
    </>
  ),
};

export function SocialIcon({ network, className }: { network: IconNetwork; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {GLYPHS[network]}
    </svg>
  );
}
