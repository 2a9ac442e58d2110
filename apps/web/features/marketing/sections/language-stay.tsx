import { BookOpenText, Building2, Landmark, Trophy } from "lucide-react";
import { Picture } from "../../../components/picture.tsx";

const ACTIVITIES = [
  { icon: BookOpenText, text: "Cours intensifs d'espagnol" },
  { icon: Building2, text: "Immersion à l'université espagnole à distance" },
  { icon: Landmark, text: "Visite d'un institut culturel de la langue espagnole" },
  { icon: Trophy, text: "Visite d'un grand stade de football" },
];

/** One-week language stay in Madrid: the #sejour-linguistique landing anchor. */
export function LanguageStay() {
  return (
    <section id="sejour-linguistique" aria-labelledby="sejour-title" className="scroll-mt-24 bg-brand-50 py-16">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-5 md:grid-cols-2">
        <div>
          <p className="mb-2 text-sm font-bold tracking-widest text-brand-700 uppercase">Séjour linguistique</p>
          <h2 id="sejour-title" className="text-3xl font-extrabold tracking-tight text-ink md:text-4xl">
            Une semaine à Madrid pour vivre l'espagnol
          </h2>
          <p className="mt-4 text-lg text-gray-700">
            Avant l'examen, nos étudiants partent une semaine à Madrid : l'occasion de progresser à l'oral et de
            découvrir leur future vie étudiante.
          </p>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2">
            {ACTIVITIES.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm">
                <Icon aria-hidden="true" className="size-6 shrink-0 text-brand-600" />
                <span className="font-medium text-gray-800">{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <Picture
          src="/media/photos/sejour-madrid.webp"
          alt="Illustration : le groupe d'étudiants en séjour linguistique à Madrid"
          width={960}
          height={600}
          className="w-full rounded-3xl shadow-xl"
        />
      </div>
    </section>
  );
}
