import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { DEFAULT_ID_TYPE, ID_TYPES } from "../../../../contract/accounts";
import { accountsEndpoints } from "../../../../contract/accounts-endpoints";
import {
  type InvitationPreview,
  invitationAccountInput,
  invitationsEndpoints,
  voterListMessages,
} from "../../../../contract/invitations";
import { ApiError } from "../../api/http";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../api/query";
import { Link, useNavigate, useParams } from "../../router";
import { Field, SelectField } from "../../ui/Field";
import { FormError } from "../../ui/form/FormError";
import { fieldProps, submitting, useContractForm } from "../../ui/form/useContractForm";
import { LoadState } from "../../ui/LoadState";
import { messageOf } from "../../ui/messageOf";
import { Status } from "../../ui/Status";
import { AuthCard } from "../accounts/AuthCard";
import authCard from "../accounts/AuthCard.module.css";
import { homeFor, useAuth } from "../accounts/AuthProvider";
import { PasswordField } from "../accounts/PasswordField";
import { usePasswordProblem } from "../accounts/usePasswordProblem";
import { OrgLogo } from "../organizations/OrgLogo";
import styles from "./InvitationPage.module.css";

/** As on the invite page (spec part 1 section 9): the page moves on 1500 ms after joining. */
const REDIRECT_AFTER_JOIN_MS = 1500;

/**
 * A link that opens nothing, and why. Someone signed out may well be its voter, back from the
 * e-mail after joining: Sign In is offered first. (Its own component: the page itself does not
 * follow who is signed in, which changes as a new account joins through it.)
 */
function InvalidInvitation({ error }: { error: ApiError }) {
  const signedIn = useAuth().user !== null;
  return (
    <AuthCard title="Invalid Invitation" subtitle="This link cannot be used.">
      <p className="alert alert-error" role="alert">
        {messageOf(error)}
      </p>
      {!signedIn && (
        <Link to="/signin" className="btn btn-primary btn-block">
          Sign In
        </Link>
      )}
      <Link to="/" className={signedIn ? "btn btn-primary btn-block" : "btn btn-block"}>
        Go Home
      </Link>
    </AuthCard>
  );
}

/**
 * /invitation/{token}: the link of an invitation e-mail. A new person creates their account here,
 * already joined (the e-mail is the invited one); an existing account signs in and accepts.
 */
export default function InvitationPage() {
  const { token = "" } = useParams();
  const invitation = useEndpointQuery(invitationsEndpoints.open, { params: { token } });

  // The server's answer that the link opens nothing (used, expired, withdrawn): no Retry.
  if (!invitation.data && invitation.error instanceof ApiError && invitation.error.status !== 503)
    return <InvalidInvitation error={invitation.error} />;
  if (!invitation.data) {
    return (
      <AuthCard title="Invitation" subtitle="Loading invitation...">
        <LoadState
          data={null}
          error={invitation.isFetching ? null : invitation.error?.message}
          loadingLabel="Loading invitation..."
          errorTitle="The invitation could not be loaded"
          retryLabel="Retry"
          onRetry={() => void invitation.refetch()}
        >
          {() => null}
        </LoadState>
      </AuthCard>
    );
  }
  return <Invitation token={token} invitation={invitation.data} />;
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { user, status, signOut } = useAuth();
  const navigate = useNavigate();
  const [joined, setJoined] = useState<string | null>(null);
  // With its zone: the invitation's e-mail gives the organization's, this the reader's own.
  const until = new Date(invitation.expires_at).toLocaleString(undefined, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });

  useEffect(() => {
    if (!joined || !user) return;
    const timer = setTimeout(() => navigate(homeFor(user), { replace: true }), REDIRECT_AFTER_JOIN_MS);
    return () => clearTimeout(timer);
  }, [joined, user, navigate]);

  const sameAccount = user?.email.toLowerCase() === invitation.email;
  return (
    <AuthCard
      title={`Join ${invitation.organization.name}`}
      subtitle={`You've been invited as ${invitation.email}. The link works once, until ${until}.`}
    >
      <div className={styles.org}>
        <OrgLogo name={invitation.organization.name} url={invitation.organization.logo_url} size={48} />
        <p className={invitation.organization.description ? styles.description : "muted"}>
          {invitation.organization.description || "No description provided"}
        </p>
      </div>
      {joined ? (
        <Status className="alert alert-success">{joined}</Status>
      ) : status === "loading" ? (
        <Status>Loading...</Status>
      ) : user && sameAccount ? (
        <AcceptAsMember token={token} onJoined={setJoined} />
      ) : user ? (
        <>
          <p className="alert alert-error" role="alert">
            {voterListMessages.wrongAccount(invitation.email)}
          </p>
          <button type="button" className="btn btn-block" onClick={() => void signOut()}>
            Sign Out
          </button>
        </>
      ) : invitation.account_exists ? (
        <>
          <p>{voterListMessages.accountExists}</p>
          <Link
            to="/signin"
            state={{ returnTo: `/invitation/${token}` }}
            className="btn btn-primary btn-block"
          >
            Sign In
          </Link>
        </>
      ) : (
        <NewAccount token={token} invitation={invitation} onJoined={setJoined} />
      )}
    </AuthCard>
  );
}

function AcceptAsMember({ token, onJoined }: { token: string; onJoined(message: string): void }) {
  const accept = useEndpointMutation(invitationsEndpoints.accept, { onSuccess: (r) => onJoined(r.message) });
  return (
    <>
      {accept.error && (
        <p className="alert alert-error" role="alert">
          {messageOf(accept.error)}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={accept.isPending}
        onClick={() => accept.mutate({ body: { token } })}
      >
        {accept.isPending ? "Joining..." : "Accept Invitation"}
      </button>
    </>
  );
}

function NewAccount({
  token,
  invitation,
  onJoined,
}: {
  token: string;
  invitation: InvitationPreview;
  onJoined(message: string): void;
}) {
  const queryClient = useQueryClient();
  const idType = ID_TYPES.find((t) => t === invitation.id_type) ?? DEFAULT_ID_TYPE;
  const form = useContractForm(invitationAccountInput, {
    defaultValues: {
      token,
      full_name: invitation.full_name,
      password: "",
      phone_number: invitation.phone_number,
      id_type: idType,
      id_number: "",
    },
  });
  const create = useEndpointMutation(invitationsEndpoints.createAccount);
  const passwordCheck = usePasswordProblem(
    form.watch("password"),
    form.formState.errors.password?.message ?? null,
  );
  const busy = form.formState.isSubmitting;
  const submit = submitting(form, async (body) => {
    const result = await create.mutateAsync({ body });
    // The server signed the new account in: the session query reads it.
    await queryClient.invalidateQueries({ queryKey: endpointKey(accountsEndpoints.session) });
    onJoined(result.message);
  });

  return (
    <>
      <p className={authCard.sub}>
        Create your Votespace account to join. You can sign in with it afterwards.
      </p>
      <FormError form={form} />
      <form onSubmit={submit} noValidate>
        <Field label="Email" type="email" value={invitation.email} readOnly aria-readonly="true" />
        <Field label="Full Name" autoComplete="name" required {...fieldProps(form, "full_name")} />
        <PasswordField
          purpose="new"
          label="Password"
          required
          {...fieldProps(form, "password")}
          error={undefined}
          invalid={passwordCheck.invalid}
          hint={passwordCheck.hint}
        />
        <Field
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          required
          {...fieldProps(form, "phone_number")}
        />
        <SelectField
          label="ID Type"
          name="id_type"
          value={form.watch("id_type")}
          options={ID_TYPES}
          onChange={(value) => form.setValue("id_type", value as (typeof ID_TYPES)[number])}
        />
        <Field label="ID Number" required {...fieldProps(form, "id_number")} />
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={busy || passwordCheck.problem !== null}
        >
          {busy ? "Creating Account..." : "Create Account and Join"}
        </button>
      </form>
    </>
  );
}
