import { Outlet } from "react-router";
import { ContactSection } from "../../features/contact/contact-section.tsx";

/**
 * The pages below which the site layout may put the contact section (`ContactSlot`): the public
 * site, account activation, certificate checks and the "page not found". Its code (the form,
 * the captcha) comes with this route's file, so that the student pages, which never show it,
 * do not download it.
 */
export const handle = { contactSection: ContactSection };

export default function ContactPages() {
  return <Outlet />;
}
