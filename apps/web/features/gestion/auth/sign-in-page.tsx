import type { StaffTotpResponse } from "@puerta/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { safeReturnPath, staffMeQuery } from "../session/staff-session.ts";
import { AuthCard } from "./auth-card.tsx";
import { CodeStep, CredentialsStep, RecoveryCodes, type SecondStep } from "./sign-in-steps.tsx";

export const meta = () => [{ name: "robots", content: "noindex" }];

type Step =
  | { step: "credentials"; notice: string | null }
  | { step: "code"; next: SecondStep }
  | { step: "codes"; codes: string[] };

/**
 * /gestion/connexion (docs/spec/back-office.md section 2): e-mail, password and captcha, then always a second step:
 * a code, or on a first sign-in the enrolment, after which the recovery codes are shown once.
 */
export default function StaffSignInPage() {
  const [state, setState] = useState<Step>({ step: "credentials", notice: null });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = safeReturnPath(params.get("retour"));
  // Already signed in (a bookmark, the back button): straight on.
  const me = useQuery(staffMeQuery);
  useEffect(() => {
    if (me.data && state.step === "credentials") navigate(target, { replace: true });
  }, [me.data, state.step, navigate, target]);

  function signedIn(answer: StaffTotpResponse) {
    if (answer.recovery_codes && answer.recovery_codes.length > 0)
      setState({ step: "codes", codes: answer.recovery_codes });
    else navigate(target, { replace: true });
  }

  if (state.step === "codes") {
    return (
      <AuthCard title="Vos codes de secours">
        <RecoveryCodes codes={state.codes} onContinue={() => navigate(target, { replace: true })} />
      </AuthCard>
    );
  }
  if (state.step === "code") {
    return (
      <AuthCard
        title={state.next.step === "enrol" ? "Double authentification" : "Vérification en deux étapes"}
        intro={
          state.next.step === "enrol"
            ? "Première connexion : associez votre compte à une application d'authentification."
            : "Saisissez le code affiché par votre application d'authentification."
        }
      >
        <CodeStep
          next={state.next}
          onSignedIn={signedIn}
          onRestart={(notice) => setState({ step: "credentials", notice })}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Connexion à la gestion" intro="Espace réservé au personnel de l'académie.">
      <CredentialsStep notice={state.notice} onNext={(next) => setState({ step: "code", next })} />
    </AuthCard>
  );
}
