import { DATA_EXPORT_TEXT, PRIVACY_PAGE_SLOTS } from "@puerta/contract";
import { brand, postalAddress } from "../../content/brand.ts";
import { pageMeta, pageTitle } from "../../lib/seo.ts";

const PRIVACY_PATH = "/politique-de-confidentialite";

export const meta = () =>
  pageMeta({
    title: pageTitle("Politique de confidentialité"),
    description: `Comment ${brand.academyName} collecte, utilise et protège vos données personnelles, et comment exercer vos droits.`,
    path: PRIVACY_PATH,
  });

const UPDATED = "1er décembre 2026";

/**
 * The privacy policy (docs/spec/student-portal.md section 2, docs/spec/school-year-and-data.md
 * section 4): ten sections of static French text, and three slots (PRIVACY_PAGE_SLOTS) that the
 * server fills with the configured periods, the CNDP number and what an erasure keeps each time it
 * serves the prerendered page (decision 114). Only the served document says them: a link to this
 * page from the student area's router loads the document (`reloadDocument`, site-footer.tsx).
 */
export default function PrivacyPage() {
  const email = brand.contactEmail;
  const sections = [
    {
      id: "introduction",
      title: "1. Introduction",
      body: (
        <>
          <p>
            {brand.academyName} (« nous ») attache une grande importance à la protection de vos données personnelles.
            Cette politique explique quelles données nous collectons sur ce site et dans l'espace étudiant, pourquoi, et
            quels sont vos droits, conformément à la loi n° 09-08 relative à la protection des personnes physiques à
            l'égard du traitement des données à caractère personnel.
          </p>
          {PRIVACY_PAGE_SLOTS.cndp}
        </>
      ),
    },
    {
      id: "donnees-collectees",
      title: "2. Données collectées",
      body: (
        <ul>
          <li>
            les données que vous nous transmettez par le formulaire de contact : nom, e-mail, téléphone, sujet, message
            ;
          </li>
          <li>
            pour les étudiants inscrits : identité, coordonnées, centre, filière, demandes d'attestation et acceptation
            de la politique de l'établissement ;
          </li>
          <li>des données techniques nécessaires au fonctionnement du site (journaux de connexion, sécurité).</li>
        </ul>
      ),
    },
    {
      id: "finalites",
      title: "3. Finalités",
      body: (
        <p>
          Vos données servent à répondre à vos demandes, à gérer la scolarité et l'espace étudiant (planning, supports
          de cours, attestations, notifications), à assurer la sécurité du site et à respecter nos obligations légales.
          Elles ne sont jamais vendues.
        </p>
      ),
    },
    {
      id: "base-legale",
      title: "4. Base légale",
      body: (
        <p>
          Les traitements reposent sur votre consentement (formulaire de contact), sur l'exécution du contrat de
          formation (espace étudiant) et sur notre intérêt légitime à sécuriser nos services.
        </p>
      ),
    },
    {
      id: "conservation",
      title: "5. Durée de conservation",
      body: (
        <>
          <p>
            La direction de l'académie fixe la durée de conservation de chaque catégorie de données ; à son terme, la
            purge automatique de chaque nuit les efface (le journal, lui, est pseudonymisé) :
          </p>
          {PRIVACY_PAGE_SLOTS.retention}
          <h3 id="conserve-apres-effacement" className="mt-6 scroll-mt-24 text-xl font-bold text-ink">
            Ce que nous conservons volontairement
          </h3>
          <p>
            Quand vos données sont effacées, à votre demande ou au terme de ces durées, nous gardons seulement ce qui
            suit, pour la raison indiquée :
          </p>
          {PRIVACY_PAGE_SLOTS.kept}
        </>
      ),
    },
    {
      id: "partage",
      title: "6. Partage des données",
      body: (
        <p>
          Vos données sont réservées à nos équipes habilitées. Elles ne sont transmises à des universités ou organismes
          d'examen qu'à votre demande, pour vos démarches d'inscription, et à nos prestataires techniques tenus à la
          confidentialité.
        </p>
      ),
    },
    {
      id: "droits",
      title: "7. Vos droits",
      body: (
        <>
          <p>
            Vous disposez d'un droit d'accès, de rectification, d'opposition et de suppression de vos données. Pour les
            exercer :
          </p>
          <ul>
            <li>
              <strong>Accès</strong> : dans votre espace étudiant, ouvrez <a href="/profile">votre profil</a> et
              choisissez « {DATA_EXPORT_TEXT.studentButton} » ; vous recevez un fichier ZIP avec toutes les données que
              nous détenons sur vous, leurs explications, votre photo et vos attestations.
            </li>
            <li>
              <strong>Rectification</strong> : écrivez-nous à <a href={`mailto:${email}`}>{email}</a> en indiquant ce
              qui est inexact ; nous corrigeons votre dossier.
            </li>
            <li>
              <strong>Opposition</strong> : écrivez-nous à <a href={`mailto:${email}`}>{email}</a> en indiquant le
              traitement auquel vous vous opposez.
            </li>
            <li>
              <strong>Suppression</strong> : écrivez-nous à <a href={`mailto:${email}`}>{email}</a> ; la direction
              efface vos données, sauf <a href="#conserve-apres-effacement">ce que nous conservons volontairement</a>.
            </li>
          </ul>
          <p>
            Vous pouvez aussi saisir la Commission nationale de contrôle de la protection des données à caractère
            personnel (CNDP), autorité nationale de protection des données au Maroc.
          </p>
        </>
      ),
    },
    {
      id: "securite",
      title: "8. Sécurité",
      body: (
        <p>
          Les mots de passe sont chiffrés, les échanges protégés par HTTPS et l'accès aux données limité aux personnes
          qui en ont besoin. Les documents de l'espace étudiant ne sont accessibles qu'après connexion.
        </p>
      ),
    },
    {
      id: "modifications",
      title: "9. Modifications",
      body: (
        <p>
          Nous pouvons faire évoluer cette politique. La date de dernière mise à jour figure en haut de la page ; en cas
          de changement important, les étudiants en sont informés dans leur espace.
        </p>
      ),
    },
    {
      id: "contact-donnees",
      title: "10. Contact",
      body: (
        <p>
          Pour toute question sur vos données : <a href={`mailto:${email}`}>{email}</a>, ou par courrier à{" "}
          {brand.academyName}, {postalAddress(brand.address)}.
        </p>
      ),
    },
  ];
  return (
    <div className="bg-white">
      <div className="mx-auto max-w-3xl px-5 py-14">
        <h1 className="text-4xl font-extrabold tracking-tight text-ink">Politique de confidentialité</h1>
        <p className="mt-2 text-sm text-gray-600">Dernière mise à jour : {UPDATED}</p>
        <nav aria-label="Sommaire" className="mt-8 rounded-2xl bg-gray-50 p-5">
          <ol className="grid gap-1 text-sm sm:grid-cols-2">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-700 hover:underline">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="mt-10 scroll-mt-24"
          >
            <h2 id={`${section.id}-title`} className="text-2xl font-bold text-brand-700">
              {section.title}
            </h2>
            <div className="mt-3 text-lg leading-relaxed text-gray-700 [&_a]:text-brand-700 [&_a]:underline [&_li]:mt-1 [&_p+p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
