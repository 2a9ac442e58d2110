import { isScrolledToBottom, MESSAGES, type Policy } from "@puerta/contract";
import { useQuery } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, FileCheck2, ScrollText } from "lucide-react";
import { type Ref, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PolicyText } from "../../components/policy-text.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { brand } from "../../content/brand.ts";
import { ApiError } from "../../lib/api.ts";
import { inTheBrowser, pageData } from "../../lib/page-data.tsx";
import { NoPolicy, policyAcceptanceQuery, policyContentQuery, useAcceptPolicy } from "./api.ts";
import { formatAcceptedAt, formatPolicyDate } from "./policy-dates.ts";

const m = MESSAGES.policy;

/** The page's data, fetched by the server and in the HTML (decision 101). */
export const loader = () => pageData(policyContentQuery, policyAcceptanceQuery);

export const clientLoader = inTheBrowser;

export const meta = () => [{ title: `${m.defaultTitle} | ${brand.academyName}` }];

/** /policy-acceptance (docs/spec/student-portal.md sections 2 and 4): read to the bottom, tick, accept. */
export default function PolicyAcceptancePage() {
  const policy = useQuery(policyContentQuery);
  const acceptance = useQuery(policyAcceptanceQuery);

  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 py-8 sm:px-6 sm:py-12">
      <div className="mx-auto max-w-3xl">
        {/* The site header is hidden on this page (docs/spec/student-portal.md section 2): a minimal way out instead. */}
        <div className="flex items-center justify-between gap-4">
          <Link to="/" className="inline-flex items-center gap-2 text-lg font-extrabold tracking-tight text-ink">
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white"
            >
              {brand.academyName.charAt(0)}
            </span>
            {brand.academyName}
            <span className="sr-only"> — accueil</span>
          </Link>
          <Link to="/planning" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
            Mon planning
          </Link>
        </div>
        <div className="mt-6 rounded-3xl bg-white p-6 shadow-xl shadow-gray-200/70 ring-1 ring-gray-100 sm:p-10">
          {policy.isPending || acceptance.isPending ? (
            <Spinner label="Chargement de la politique..." showLabel />
          ) : policy.isError ? (
            <PolicyUnavailable
              message={policy.error instanceof NoPolicy ? m.none : m.loadFailed}
              onRetry={policy.error instanceof NoPolicy ? undefined : () => void policy.refetch()}
            />
          ) : acceptance.data?.acceptedAt ? (
            <PolicyAccepted policy={policy.data} acceptedAt={acceptance.data.acceptedAt} />
          ) : (
            <PolicyForm policy={policy.data} />
          )}
        </div>
      </div>
    </div>
  );
}

function PolicyUnavailable({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="py-10 text-center">
      <h1 className="text-2xl font-extrabold text-ink">{m.defaultTitle}</h1>
      <p role="alert" className="mt-4 font-medium text-brand-700">
        {message}
      </p>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="mt-6 rounded-xl border border-gray-300 px-5 py-2.5 font-semibold hover:bg-gray-50"
        >
          Réessayer
        </button>
      )}
    </div>
  );
}

function PolicyForm({ policy }: { policy: Policy }) {
  const navigate = useNavigate();
  const ids = { title: useId(), hint: useId(), checkbox: useId() };
  const scrollBox = useRef<HTMLElement>(null);
  const [readToEnd, setReadToEnd] = useState(false);
  const [ticked, setTicked] = useState(false);

  const accept = useAcceptPolicy({ onAccepted: () => navigate("/demande-attestation") });

  const checkScroll = useCallback(() => {
    const box = scrollBox.current;
    if (box && isScrolledToBottom(box)) setReadToEnd(true);
  }, []);

  // A text shorter than its box never scrolls: it is read at once (and again if the box resizes).
  useEffect(() => {
    checkScroll();
    const box = scrollBox.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(checkScroll);
    observer.observe(box);
    return () => observer.disconnect();
  }, [checkScroll]);

  const acceptError = accept.error
    ? ((accept.error instanceof ApiError ? accept.error.serverMessage : undefined) ?? m.acceptFailed)
    : null;
  const hint = !readToEnd
    ? "Faites défiler le texte jusqu'en bas pour pouvoir l'accepter."
    : !ticked
      ? m.mustTick
      : null;

  return (
    <section aria-labelledby={ids.title}>
      <PolicyHeading policy={policy} titleId={ids.title} />

      <p className="mt-6 text-sm text-gray-700">
        Avant d'accéder à votre espace, lisez attentivement la politique ci-dessous puis acceptez-la.
      </p>

      <PolicyBox policy={policy} ref={scrollBox} onScroll={checkScroll} />

      <form
        className="mt-6 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (readToEnd && ticked && !accept.isPending) accept.mutate();
        }}
      >
        <div className="flex items-start gap-3">
          <input
            id={ids.checkbox}
            type="checkbox"
            checked={ticked}
            onChange={(event) => setTicked(event.target.checked)}
            disabled={!readToEnd}
            aria-describedby={hint ? ids.hint : undefined}
            className="mt-0.5 size-5 shrink-0 cursor-pointer rounded border-gray-300 accent-brand-600 disabled:cursor-not-allowed"
          />
          <label htmlFor={ids.checkbox} className={readToEnd ? "text-gray-800" : "text-gray-500"}>
            J'ai lu la politique ci-dessus et je l'accepte.
          </label>
        </div>

        {hint && (
          <p id={ids.hint} className="text-sm text-gray-600">
            {hint}
          </p>
        )}

        {acceptError && (
          <div
            role="alert"
            className="flex items-start gap-3 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm font-medium text-brand-800"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p>{acceptError}</p>
          </div>
        )}

        <button
          type="submit"
          disabled={!readToEnd || !ticked || accept.isPending}
          className="flex w-full items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3.5 font-bold text-white shadow-lg shadow-brand-600/20 transition hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-700 disabled:shadow-none sm:w-auto"
        >
          <FileCheck2 aria-hidden="true" className="size-5" />
          {m.acceptButton}
        </button>
      </form>
    </section>
  );
}

const titleOf = (policy: Policy) => policy.title.trim() || m.defaultTitle;

/** The policy's title and its two dates, written alike. */
function PolicyHeading({ policy, titleId }: { policy: Policy; titleId: string }) {
  return (
    <div className="flex items-start gap-4">
      <span className="hidden size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-600 sm:flex">
        <ScrollText aria-hidden="true" className="size-6" />
      </span>
      <div>
        <h1 id={titleId} className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
          {titleOf(policy)}
        </h1>
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-gray-600">
          <div className="flex flex-wrap gap-x-1">
            <dt>En vigueur depuis le</dt>
            <dd className="font-semibold text-gray-800">{formatPolicyDate(policy.effective_date)}</dd>
          </div>
          <div className="flex flex-wrap gap-x-1">
            <dt>Dernière mise à jour le</dt>
            <dd className="font-semibold text-gray-800">{formatPolicyDate(policy.last_updated)}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}

/** The policy's text in a region of its own that scrolls (and is reachable with the keyboard). */
function PolicyBox({ policy, ref, onScroll }: { policy: Policy; ref?: Ref<HTMLElement>; onScroll?: () => void }) {
  return (
    <section
      ref={ref}
      onScroll={onScroll}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable with the keyboard.
      tabIndex={0}
      aria-label={`Texte de la ${titleOf(policy).toLowerCase()}`}
      data-testid="policy-content"
      className="mt-3 max-h-[50vh] overflow-y-auto rounded-2xl border border-gray-200 bg-gray-50 px-5 py-4 text-[0.95rem] leading-relaxed text-gray-800 sm:px-7 sm:py-6"
    >
      <PolicyText content={policy.content} />
    </section>
  );
}

/** A policy the student has accepted: since when, the text to read again, and the way on. */
function PolicyAccepted({ policy, acceptedAt }: { policy: Policy; acceptedAt: string }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <PolicyHeading policy={policy} titleId={titleId} />
      <p className="mt-6 flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 px-4 py-3 font-medium text-green-900">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>Vous avez accepté cette politique le {formatAcceptedAt(acceptedAt)}.</span>
      </p>
      <PolicyBox policy={policy} />
      <Link
        to="/planning"
        className="mt-6 inline-flex items-center justify-center gap-2 rounded-xl bg-brand-600 px-5 py-3.5 font-bold text-white hover:bg-brand-700"
      >
        Continuer vers le planning
      </Link>
    </section>
  );
}
