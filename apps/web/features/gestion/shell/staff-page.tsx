import type { Permission } from "@puerta/contract";
import { can } from "@puerta/contract";
import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { brand } from "../../../content/brand.ts";
import { useStaffUser } from "../session/staff-session.ts";

export type Crumb = { label: string; to?: string };

/**
 * The frame of every back-office screen (docs/spec/back-office.md section 3): the document's title, a breadcrumb
 * starting at the dashboard, the page's title and its main actions. With `permission`, a role
 * that may not open the screen gets a French refusal instead (the server refuses it too).
 */
export function StaffPage({
  title,
  crumbs = [],
  actions,
  permission,
  children,
}: {
  title: string;
  crumbs?: Crumb[];
  actions?: ReactNode;
  permission?: Permission;
  children: ReactNode;
}) {
  const user = useStaffUser();
  const allowed = !permission || can(user, permission);
  const trail: Crumb[] = [{ label: "Gestion", to: "/gestion" }, ...crumbs];
  return (
    <>
      <title>{`${allowed ? title : "Accès refusé"} | Gestion | ${brand.academyName}`}</title>
      <nav aria-label="Fil d'Ariane" className="mb-2 text-sm">
        <ol className="flex flex-wrap items-center gap-1 text-gray-700">
          {trail.map((crumb, index) => (
            <li key={crumb.label} className="flex items-center gap-1">
              {index > 0 && <ChevronRight aria-hidden="true" className="size-4 text-gray-500" />}
              {crumb.to && index < trail.length - 1 ? (
                <Link to={crumb.to} className="underline-offset-4 hover:text-ink hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={index === trail.length - 1 ? "page" : undefined}>{crumb.label}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      {allowed ? (
        <>
          <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <h1 className="text-2xl font-extrabold tracking-tight text-ink md:text-3xl">{title}</h1>
            {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
          </div>
          {children}
        </>
      ) : (
        <div className="rounded-xl border border-gray-200 bg-white p-6">
          <h1 className="text-2xl font-extrabold text-ink">Accès refusé</h1>
          <p className="mt-2 text-gray-700">Votre rôle ne permet pas d'ouvrir cette page.</p>
          <Link to="/gestion" className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-4">
            Retour au tableau de bord
          </Link>
        </div>
      )}
    </>
  );
}
