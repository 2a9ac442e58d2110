import { ACADEMY_TIME_ZONE, CERTIFICATE_STATUS, certificateNumber, certificateTitle } from "@puerta/contract";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import {
  centres,
  certificateDocuments,
  certificateNumberCounters,
  certificateRequestEvents,
  certificateRequests,
  contactMessages,
  etudiants,
  notifications,
  options,
  staffUsers,
} from "../db/schema/index.ts";
import { verificationCode } from "../lib/tokens.ts";
import { DEMO_STUDENTS } from "./academy.ts";
import { DEMO_FORMER_STUDENT } from "./school-years.ts";
import { DEMO_STAFF } from "./staff.ts";

/**
 * Work for the back-office from its first start (decision 094): attestation requests in each
 * state (pending, available with its attestation, refused with a reason, available then revoked),
 * each with the history and the student's notification the office would have written, and a few
 * contact messages (new, read, handled). Only when both tables are empty.
 */
export async function seedOfficeSamples(db: Database, publicUrl: string) {
  const [requests] = await db.select({ n: sql<number>`count(*)::int` }).from(certificateRequests);
  if ((requests?.n ?? 0) === 0) await seedCertificateRequests(db, `${publicUrl}/demande-attestation`);
  const [messages] = await db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
  if ((messages?.n ?? 0) === 0) await seedContactMessages(db);
}

const ago = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
const yearOf = (date: Date) =>
  Number(new Intl.DateTimeFormat("en-CA", { timeZone: ACADEMY_TIME_ZONE, year: "numeric" }).format(date));

type Sample = {
  email: string;
  type: "scolaire" | "langue";
  niveau: "B1" | "B2" | null;
  langues: string[];
  daysAgo: number;
  /** What the office did, days after the request; none for a pending one. */
  answer?: { status: "Disponible" | "Refuser"; afterDays: number; motif?: string; revoked?: string };
};

const SAMPLES: Sample[] = [
  // Omar (Zenith): his school attestation is available (the notification he got says so).
  {
    email: DEMO_STUDENTS.second,
    type: "scolaire",
    niveau: null,
    langues: ["Español", "Français"],
    daysAgo: 6,
    answer: { status: "Disponible", afterDays: 1 },
  },
  // Omar: a B2 attestation refused, with the reason he was given.
  {
    email: DEMO_STUDENTS.second,
    type: "langue",
    niveau: "B2",
    langues: [],
    daysAgo: 12,
    answer: {
      status: "Refuser",
      afterDays: 2,
      motif: "Le niveau B2 n'est pas encore validé : l'examen blanc de fin de trimestre le permettra.",
    },
  },
  // Salma, a former student of last year: her school attestation of that year, in the past tense.
  {
    email: DEMO_FORMER_STUDENT,
    type: "scolaire",
    niveau: null,
    langues: ["Español", "Français"],
    daysAgo: 40,
    answer: { status: "Disponible", afterDays: 1 },
  },
  // Yasmine (Ain Sebaa): a B1 attestation waiting for the secretariat.
  { email: DEMO_STUDENTS.first, type: "langue", niveau: "B1", langues: [], daysAgo: 2 },
  // Yasmine: a school attestation issued then revoked by the direction.
  {
    email: DEMO_STUDENTS.first,
    type: "scolaire",
    niveau: null,
    langues: ["Français"],
    daysAgo: 20,
    answer: {
      status: "Disponible",
      afterDays: 1,
      revoked: "Erreur sur l'option inscrite : une nouvelle attestation a été demandée.",
    },
  },
];

async function seedCertificateRequests(db: Database, link: string) {
  const [secretary] = await db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(eq(staffUsers.email, DEMO_STAFF.secretariat));
  const [direction] = await db
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(eq(staffUsers.email, DEMO_STAFF.direction));
  const sequences = new Map<number, number>();

  for (const sample of SAMPLES) {
    const [student] = await db
      .select({
        id: etudiants.id,
        studentId: etudiants.studentId,
        nom: etudiants.nom,
        prenom: etudiants.prenom,
        cin: etudiants.cin,
        centreId: etudiants.centreId,
        promotionId: etudiants.promotionId,
        option: options.nom,
      })
      .from(etudiants)
      .leftJoin(options, eq(options.id, etudiants.optionId))
      .leftJoin(centres, eq(centres.id, etudiants.centreId))
      .where(eq(etudiants.email, sample.email));
    if (!student) continue;
    const createdAt = ago(sample.daysAgo);
    const answer = sample.answer;
    const answeredAt = answer ? ago(sample.daysAgo - answer.afterDays) : null;
    const title = certificateTitle(sample.type, sample.niveau);
    const revokedMotif = answer?.revoked
      ? (numero: string) => `Attestation ${numero} révoquée : ${answer.revoked}`
      : null;

    await db.transaction(async (tx) => {
      const [request] = await tx
        .insert(certificateRequests)
        .values({
          etudiantId: student.id,
          studentId: student.studentId,
          nom: student.nom,
          prenom: student.prenom,
          cin: student.cin,
          option: student.option,
          centreId: student.centreId,
          type: sample.type,
          niveau: sample.niveau,
          langues: sample.langues,
          status: CERTIFICATE_STATUS.pending,
          // The year the attestation is about: the one the student was last enrolled in.
          anneeId: student.promotionId,
          createdAt,
        })
        .returning({ id: certificateRequests.id });
      if (!request || !answer || !answeredAt) return;

      const by = secretary;
      let numero: string | null = null;
      if (answer.status === CERTIFICATE_STATUS.ready) {
        const year = yearOf(answeredAt);
        const next = (sequences.get(year) ?? 0) + 1;
        sequences.set(year, next);
        numero = certificateNumber(year, next);
        await tx
          .insert(certificateNumberCounters)
          .values({ year, last: next })
          .onConflictDoUpdate({ target: certificateNumberCounters.year, set: { last: next } });
        await tx.insert(certificateDocuments).values({
          requestId: request.id,
          numero,
          code: verificationCode(),
          holderName: `${student.prenom} ${student.nom}`,
          title,
          signatoryName: "La Direction",
          signatoryTitle: "Direction de l'établissement",
          issuedAt: answeredAt,
        });
      }
      await tx.insert(certificateRequestEvents).values({
        requestId: request.id,
        fromStatus: CERTIFICATE_STATUS.pending,
        toStatus: answer.status,
        motif: answer.motif ?? null,
        staffId: by?.id ?? null,
        staffName: by?.name ?? null,
        createdAt: answeredAt,
      });
      await tx.insert(notifications).values({
        titre:
          answer.status === CERTIFICATE_STATUS.ready
            ? "Votre attestation est disponible"
            : "Demande d'attestation refusée",
        message:
          answer.status === CERTIFICATE_STATUS.ready
            ? `Votre demande « ${title} » est disponible. Téléchargez l'attestation depuis « Docs Administratifs ».`
            : `Votre demande « ${title} » a été refusée. Motif : ${answer.motif ?? ""}`,
        typeDestinataire: "etudiant_specifique",
        etudiantIds: [student.id],
        sender: "Secrétariat",
        priority: answer.status === CERTIFICATE_STATUS.ready ? "medium" : "high",
        link,
        createdAt: answeredAt,
      });
      let status: string = answer.status;
      let motif = answer.motif ?? null;
      if (numero && revokedMotif && answer.revoked) {
        const revokedAt = ago(Math.max(sample.daysAgo - answer.afterDays - 3, 0));
        motif = revokedMotif(numero);
        status = CERTIFICATE_STATUS.refused;
        await tx
          .update(certificateDocuments)
          .set({ revokedAt, revokedReason: answer.revoked, revokedBy: direction?.id ?? null })
          .where(eq(certificateDocuments.requestId, request.id));
        await tx.insert(certificateRequestEvents).values({
          requestId: request.id,
          fromStatus: CERTIFICATE_STATUS.ready,
          toStatus: CERTIFICATE_STATUS.refused,
          motif,
          staffId: direction?.id ?? null,
          staffName: direction?.name ?? null,
          createdAt: revokedAt,
        });
        await tx.insert(notifications).values({
          titre: "Attestation révoquée",
          message: `Votre attestation « ${title} » (n° ${numero}) a été révoquée par la direction. Motif : ${answer.revoked}`,
          typeDestinataire: "etudiant_specifique",
          etudiantIds: [student.id],
          sender: "Secrétariat",
          priority: "high",
          link,
          createdAt: revokedAt,
        });
      }
      await tx
        .update(certificateRequests)
        .set({ status, motif, updatedAt: answeredAt })
        .where(eq(certificateRequests.id, request.id));
    });
  }
}

const MESSAGES = [
  {
    daysAgo: 0.2,
    nom: "Khadija Ouazzani",
    email: "khadija.ouazzani@example.com",
    telephone: "+212 6 61 23 45 67",
    sujet: "Tarifs de la préparation DELE B2",
    message:
      "Bonjour,\nmon fils passe le DELE B2 en mai. Pourriez-vous m'envoyer les tarifs et les horaires de la préparation au centre Ain Sebaa ?\nMerci d'avance.",
  },
  {
    daysAgo: 1.5,
    nom: "Youssef Lahlou",
    email: "youssef.lahlou@example.com",
    telephone: "+212 6 70 11 22 33",
    sujet: "Rendez-vous d'orientation",
    message:
      "Bonjour,\nje suis en terminale sciences maths et je voudrais étudier l'ingénierie à Madrid. Est-il possible d'avoir un rendez-vous d'orientation un samedi ?",
    read: true,
  },
  {
    daysAgo: 4,
    nom: "Meryem Tahiri",
    email: "meryem.tahiri@example.com",
    telephone: "+212 5 22 33 44 55",
    sujet: "Paiement en trois fois",
    message: "Bonjour,\nle paiement des frais de la Selectividad peut-il se faire en trois fois ?\nCordialement.",
    read: true,
    handled: true,
  },
];

async function seedContactMessages(db: Database) {
  const [secretary] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, DEMO_STAFF.secretariat));
  await db.insert(contactMessages).values(
    MESSAGES.map((m) => ({
      nom: m.nom,
      email: m.email,
      telephone: m.telephone,
      sujet: m.sujet,
      message: m.message,
      ip: "127.0.0.1",
      createdAt: ago(m.daysAgo),
      readAt: m.read ? ago(m.daysAgo - 0.1) : null,
      handledAt: m.handled ? ago(m.daysAgo - 0.2) : null,
      handledBy: m.handled ? (secretary?.id ?? null) : null,
    })),
  );
}
