import { Award, CalendarCheck, FileCheck2, Library, Users } from "lucide-react";
import { Picture } from "../../../components/picture.tsx";
import { SectionHeading } from "./section-heading.tsx";

const STEPS = [
  {
    icon: CalendarCheck,
    title: "Examens blancs mensuels",
    text: "Dans les conditions réelles, avec une correction détaillée.",
  },
  { icon: Users, title: "Suivi des familles", text: "Réunions parents chaque trimestre et bilans individuels." },
  {
    icon: FileCheck2,
    title: "Préinscription universitaire",
    text: "Nous vous aidons à préparer et déposer vos vœux dans les universités publiques espagnoles.",
  },
  {
    icon: Library,
    title: "Bibliothèque offerte",
    text: "Un an d'abonnement pour réviser au calme avec les bons ouvrages.",
  },
  { icon: Award, title: "Bourse d'excellence", text: "25 % de réduction dès 16/20 au baccalauréat." },
];

export function Accompaniment() {
  return (
    <section id="accompaniment-section" aria-labelledby="accompaniment-title" className="scroll-mt-24 bg-white py-16">
      <div className="mx-auto max-w-6xl px-5">
        <SectionHeading
          id="accompaniment-title"
          eyebrow="Accompagnement"
          title="À vos côtés jusqu'à la rentrée en Espagne"
          intro="Réussir l'examen ne suffit pas : nous accompagnons chaque étudiant jusqu'à sa préinscription dans une université publique espagnole."
        />
        <div className="grid items-start gap-10 lg:grid-cols-[1fr_1.2fr]">
          <Picture
            src="/media/photos/accompagnement.webp"
            alt="Illustration : un conseiller accompagne une famille dans ses démarches"
            width={960}
            height={600}
            className="w-full rounded-3xl shadow-lg"
          />
          <ul className="grid gap-4 sm:grid-cols-2">
            {STEPS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-gray-100 bg-gray-50 p-5">
                <Icon aria-hidden="true" className="size-7 text-brand-600" />
                <h3 className="mt-3 font-bold text-ink">{title}</h3>
                <p className="mt-1 text-sm text-gray-700">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
