import {
  can,
  STAFF_ACCOUNT_STATUS_LABELS,
  STAFF_ACCOUNT_STATUSES,
  STAFF_ROLE_LABELS,
  type StaffAccount,
} from "@puerta/contract";
import { useState } from "react";
import { primaryButtonClass } from "../../../components/button-styles.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { CellNote, columnsOf, DataTable, type ListFilter } from "../../../components/data-table.tsx";
import { ExportLink } from "../../../components/export-link.tsx";
import { useToast } from "../../../components/toaster.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { staffErrorMessage } from "../../../lib/staff-api.ts";
import { useStaffUser } from "../session/staff-session.ts";
import { centresLabel, useCentreNames } from "../shared/api.ts";
import { formatDateTime } from "../shared/format.ts";
import { StaffPage } from "../shell/staff-page.tsx";
import { AccountFormDialog, ROLE_OPTIONS } from "./account-form-dialog.tsx";
import {
  type AccountAction,
  accountsApi,
  useAccountAction,
  useAccounts,
  useInviteAccount,
  useUpdateAccount,
} from "./api.ts";

const FILTERS = ["role", "statut"] as const;
const column = columnsOf<StaffAccount>();

const STATUS_STYLES: Record<StaffAccount["statut"], string> = {
  actif: "bg-green-50 text-green-800 ring-green-200",
  invitation_envoyee: "bg-amber-50 text-amber-900 ring-amber-200",
  desactive: "bg-gray-100 text-gray-800 ring-gray-300",
};

/** What each confirmed action says (docs/spec/back-office.md section 3: every destructive action asks first). */
const CONFIRMATIONS: Partial<
  Record<AccountAction, { title: string; description: (a: StaffAccount) => string; confirm: string }>
> = {
  desactiver: {
    title: "Désactiver ce compte ?",
    description: (a) =>
      `${a.name} ne pourra plus se connecter et ses sessions sont fermées. Vous pourrez le réactiver.`,
    confirm: "Désactiver",
  },
  "reinitialiser-2fa": {
    title: "Réinitialiser la double authentification ?",
    description: (a) =>
      `${a.name} devra associer à nouveau une application d'authentification à sa prochaine connexion. Ses codes de secours ne marcheront plus.`,
    confirm: "Réinitialiser",
  },
};

const DONE: Record<AccountAction, string> = {
  desactiver: "Compte désactivé.",
  reactiver: "Compte réactivé.",
  "reinitialiser-2fa": "Double authentification réinitialisée.",
  invitation: "Invitation renvoyée.",
};

/** /gestion/comptes (direction): the staff accounts, invitations and their actions (docs/spec/back-office.md sections 1 and 2). */
export default function ComptesPage() {
  const me = useStaffUser();
  const toast = useToast();
  const list = useListParams(FILTERS, "name");
  const centreNames = useCentreNames();
  const accounts = useAccounts(list.params, can(me, "read:comptes"));
  const actOn = useAccountAction();
  const invite = useInviteAccount();
  const update = useUpdateAccount();
  const [editing, setEditing] = useState<StaffAccount | "new" | null>(null);
  const [confirming, setConfirming] = useState<{ account: StaffAccount; action: AccountAction } | null>(null);

  async function act(account: StaffAccount, action: AccountAction) {
    try {
      await actOn.mutateAsync({ id: account.id, action });
      toast({ title: DONE[action], description: account.name });
    } catch (error) {
      toast({ kind: "error", title: "L'action n'a pas abouti.", description: staffErrorMessage(error) });
    }
  }

  function ask(account: StaffAccount, action: AccountAction) {
    if (CONFIRMATIONS[action]) setConfirming({ account, action });
    else void act(account, action);
  }

  const canWrite = can(me, "update:comptes");
  const columns = [
    column.accessor("name", {
      header: "Nom",
      cell: (info) => (
        <>
          <span className="font-semibold text-ink">{info.getValue()}</span>
          <CellNote>{info.row.original.email}</CellNote>
        </>
      ),
    }),
    column.accessor("role", { header: "Rôle", cell: (info) => STAFF_ROLE_LABELS[info.getValue()] }),
    column.accessor("centre_ids", {
      header: "Centres",
      enableSorting: false,
      cell: (info) => <span className="block min-w-28">{centresLabel(info.getValue(), centreNames)}</span>,
    }),
    column.accessor("statut", {
      header: "Statut",
      enableSorting: false,
      cell: (info) => (
        <>
          <span
            className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${STATUS_STYLES[info.getValue()]}`}
          >
            {STAFF_ACCOUNT_STATUS_LABELS[info.getValue()]}
          </span>
          <CellNote>
            {info.row.original.totp_enrolled ? "Double authentification activée" : "Double authentification à activer"}
          </CellNote>
        </>
      ),
    }),
    column.accessor("last_login_at", {
      header: "Dernière connexion",
      cell: (info) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(info.getValue())}</span>,
    }),
    column.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: account } }) =>
        canWrite ? (
          <button type="button" onClick={() => setEditing(account)} className={actionButtonClass}>
            Gérer<span className="sr-only"> le compte de {account.name}</span>
          </button>
        ) : null,
    }),
  ];

  const filters: ListFilter[] = [
    { name: "role", label: "Rôle", allLabel: "Tous les rôles", options: ROLE_OPTIONS },
    {
      name: "statut",
      label: "Statut",
      allLabel: "Tous les statuts",
      options: STAFF_ACCOUNT_STATUSES.map((statut) => ({ value: statut, label: STAFF_ACCOUNT_STATUS_LABELS[statut] })),
    },
  ];
  const confirmation = confirming ? CONFIRMATIONS[confirming.action] : undefined;
  const editedAccount = editing && editing !== "new" ? editing : undefined;

  return (
    <StaffPage
      title="Comptes du personnel"
      crumbs={[{ label: "Comptes" }]}
      permission="read:comptes"
      actions={
        <>
          {can(me, "export:comptes") && (
            <ExportLink href={accountsApi.exportHref(list.params)} description="les comptes affichés" />
          )}
          {can(me, "create:comptes") && (
            <button type="button" onClick={() => setEditing("new")} className={primaryButtonClass}>
              Inviter un membre du personnel
            </button>
          )}
        </>
      }
    >
      <DataTable
        caption="Comptes du personnel"
        columns={columns}
        list={list}
        result={accounts}
        searchLabel="Rechercher un compte"
        searchPlaceholder="Nom ou e-mail"
        filters={filters}
        empty={{ title: "Aucun compte", message: "Invitez un premier membre du personnel." }}
        getRowId={(account) => String(account.id)}
      />
      <AccountFormDialog
        account={editedAccount}
        open={editing !== null}
        onOpenChange={(open) => open || setEditing(null)}
        otherActions={
          editedAccount && (
            <AccountActions
              account={editedAccount}
              self={editedAccount.id === me.id}
              onAct={(account, action) => {
                setEditing(null);
                ask(account, action);
              }}
            />
          )
        }
        onSave={async (body) => {
          if (editedAccount) {
            const { email: _unchanged, ...changes } = body;
            await update.mutateAsync({ id: editedAccount.id, changes });
            toast({ title: "Compte modifié.", description: body.name });
          } else {
            await invite.mutateAsync(body);
            toast({ title: "Invitation envoyée.", description: body.email });
          }
          setEditing(null);
        }}
      />
      {confirming && confirmation && (
        <ConfirmDialog
          open
          onOpenChange={(open) => open || setConfirming(null)}
          title={confirmation.title}
          description={confirmation.description(confirming.account)}
          confirmLabel={confirmation.confirm}
          onConfirm={() => act(confirming.account, confirming.action)}
        />
      )}
    </StaffPage>
  );
}

const actionButtonClass =
  "rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-ink hover:bg-gray-50";

function AccountActions({
  account,
  self,
  onAct,
}: {
  account: StaffAccount;
  self: boolean;
  onAct: (account: StaffAccount, action: AccountAction) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {account.statut === "invitation_envoyee" && (
        <button type="button" onClick={() => onAct(account, "invitation")} className={actionButtonClass}>
          Renvoyer l'invitation
        </button>
      )}
      {account.totp_enrolled && (
        <button type="button" onClick={() => onAct(account, "reinitialiser-2fa")} className={actionButtonClass}>
          Réinitialiser la double authentification
        </button>
      )}
      {account.statut === "desactive" ? (
        <button type="button" onClick={() => onAct(account, "reactiver")} className={actionButtonClass}>
          Réactiver le compte
        </button>
      ) : (
        !self && (
          <button type="button" onClick={() => onAct(account, "desactiver")} className={actionButtonClass}>
            Désactiver le compte
          </button>
        )
      )}
    </div>
  );
}
