import { NotFound } from "../../components/NotFound.tsx";

// This page's issue has not landed yet: it shows the 404 page, never a pretend screen.
export default function Page() {
  return <NotFound />;
}
