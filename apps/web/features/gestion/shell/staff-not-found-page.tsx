import { Link } from "react-router";
import { StaffPage } from "./staff-page.tsx";

/** An unknown /gestion address, inside the back-office's frame. */
export default function StaffNotFoundPage() {
  return (
    <StaffPage title="Page introuvable" crumbs={[{ label: "Page introuvable" }]}>
      <p className="text-gray-700">Cette page de la gestion n'existe pas.</p>
      <Link to="/gestion" className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-4">
        Retour au tableau de bord
      </Link>
    </StaffPage>
  );
}
