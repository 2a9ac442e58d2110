import { BookOpen, GraduationCap, Languages, Smile } from "lucide-react";
import { Link } from "react-router";
import { Picture } from "../../../components/picture.tsx";
import { aboutPath, brand } from "../../../content/brand.ts";

const POINTS = [
  { icon: GraduationCap, text: "Santé, économie, architecture et ingénierie : une préparation par filière" },
  { icon: Languages, text: "Langue espagnole et préparation au DELE incluses" },
  { icon: BookOpen, text: "Un an d'abonnement à la bibliothèque offert" },
  { icon: Smile, text: "Une pédagogie ludique, des professeurs spécialistes de chaque épreuve" },
];

export function Intro() {
  return (
    <section aria-labelledby="intro-title" className="bg-gray-50 py-16">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-5 md:grid-cols-2">
        <div>
          <p className="mb-2 text-sm font-bold tracking-widest text-brand-600 uppercase">Selectividad</p>
          <h2 id="intro-title" className="text-3xl font-extrabold tracking-tight text-ink md:text-4xl">
            9 mois pour réussir la Selectividad
          </h2>
          <p className="mt-4 text-lg text-gray-700">
            De septembre à mai, {brand.academyName} prépare les bacheliers marocains à l'examen d'accès aux universités
            publiques espagnoles. Nos promotions précédentes ont toutes réussi : 100 % de réussite.
          </p>
          <ul className="mt-6 space-y-3">
            {POINTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-3">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
                <span className="text-gray-800">{text}</span>
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/selectividad-casablanca"
              className="rounded-full bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
            >
              Le programme en détail
            </Link>
            <Link
              to={aboutPath}
              className="rounded-full px-6 py-3 font-semibold text-brand-700 ring-1 ring-brand-600/40 hover:bg-brand-50"
            >
              Qui sommes-nous ?
            </Link>
          </div>
        </div>
        <Picture
          src="/media/photos/intro.webp"
          alt="Illustration : des étudiants devant un centre de l'académie à Casablanca"
          width={960}
          height={600}
          className="w-full rounded-3xl shadow-xl"
        />
      </div>
    </section>
  );
}
