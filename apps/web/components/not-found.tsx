import { Link, useLocation, useNavigate } from "react-router";

/** The 404 page: a link home, a back button and a contact link (docs/spec/student-portal.md section 2). */
export function NotFound() {
  const navigate = useNavigate();
  // Landing straight on a wrong URL there is no page of ours to go back to: go home instead.
  const { key } = useLocation();
  const goBack = () => (key === "default" && window.history.length <= 1 ? navigate("/") : navigate(-1));
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center"
      aria-labelledby="not-found-title"
    >
      <p className="text-6xl font-black text-brand-600">404</p>
      <h1 id="not-found-title" className="mt-4 text-2xl font-bold">
        Page introuvable
      </h1>
      <p className="mt-3 text-gray-700">La page que vous cherchez n'existe pas ou a été déplacée.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
          Retour à l'accueil
        </Link>
        <button
          type="button"
          onClick={goBack}
          className="rounded-lg border border-gray-300 px-5 py-2.5 font-semibold hover:bg-gray-50"
        >
          Page précédente
        </button>
        <Link to="/contactez-nous" className="rounded-lg px-5 py-2.5 font-semibold text-brand-700 underline">
          Nous contacter
        </Link>
      </div>
    </section>
  );
}
