import { useEffect, useState } from "react";
import { z } from "zod";
import { DEFAULT_ID_TYPE, ID_TYPES } from "../../../../contract/accounts";
import { accountsEndpoints } from "../../../../contract/accounts-endpoints";
import { registerOrganizationInput, registerVoterInput } from "../../../../contract/accounts-input";
import { messages } from "../../../../contract/messages";
import { ApiError } from "../../api/http";
import { useEndpointMutation } from "../../api/query";
import { Link, useLocation, useNavigate } from "../../router";
import { Field, SelectField } from "../../ui/Field";
import { FormError } from "../../ui/form/FormError";
import { fieldProps, submitting, useContractForm } from "../../ui/form/useContractForm";
import { messageOf } from "../../ui/messageOf";
import { Status } from "../../ui/Status";
import { type TabDef, Tabs } from "../../ui/Tabs";
import { AuthCard } from "./AuthCard";
import styles from "./AuthCard.module.css";
import { PasswordField } from "./PasswordField";
import { usePasswordProblem } from "./usePasswordProblem";

type Tab = "voter" | "organization";
const REDIRECT_AFTER_MS = 2000;
const ACCOUNT_TABS: Array<TabDef<Tab>> = [
  { key: "voter", label: "Voters" },
  { key: "organization", label: "Organization" },
];

const emptyForm = {
  full_name: "",
  email: "",
  password: "",
  phone_number: "",
  id_type: DEFAULT_ID_TYPE as (typeof ID_TYPES)[number],
  id_number: "",
  organization: "",
  country: "",
};
type SignUpValues = typeof emptyForm;

/** One form for both tabs: each checks its own account's fields (the other tab's are left out). */
const schemas = {
  voter: z.object(registerVoterInput.shape),
  organization: z.object(registerOrganizationInput.shape),
} as unknown as Record<Tab, z.ZodType<SignUpValues, SignUpValues>>;

export default function SignUpPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [tab, setTab] = useState<Tab>("voter");
  const [success, setSuccess] = useState<string | null>(null);
  const form = useContractForm(schemas[tab], { defaultValues: emptyForm });
  const done = {
    onSuccess: (result: { message: string }) => setSuccess(result.message || messages.accountCreated),
  };
  const registerVoter = useEndpointMutation(accountsEndpoints.registerVoter, done);
  const registerOrganization = useEndpointMutation(accountsEndpoints.registerOrganization, done);

  useEffect(() => {
    if (!success) return;
    // The invite flow's state (returnTo) travels on to the sign-in page, whose code comes meanwhile.
    import("./SignInPage").catch(() => undefined);
    const timer = setTimeout(() => navigate("/signin", { state: location.state }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [success, navigate, location.state]);

  // The server's word on the password (its list is the authority) stays on the field until it changes.
  const passwordCheck = usePasswordProblem(
    form.watch("password"),
    form.formState.errors.password?.message ?? null,
  );
  const busy = form.formState.isSubmitting;

  const submit = submitting(form, async (values) => {
    try {
      if (tab === "voter") await registerVoter.mutateAsync({ body: values });
      else await registerOrganization.mutateAsync({ body: values });
      form.reset(emptyForm);
    } catch (failure) {
      throw failure instanceof ApiError ? failure : new Error(messages.signupError + messageOf(failure));
    }
  });

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join Votespace to take part in elections, or run your own."
    >
      <Tabs<Tab>
        tabs={ACCOUNT_TABS}
        active={tab}
        onChange={(value) => {
          setTab(value);
          form.clearErrors();
        }}
        label="Account type"
        look="segmented"
      >
        {success && (
          <Status as="div" className="alert alert-success">
            {success}
          </Status>
        )}
        <FormError form={form} />
        <form onSubmit={submit} noValidate>
          {/* Created: nothing more to type here. Keys meant for the sign-in page that comes next must
              not land in these fields while it loads (they would go with this page). */}
          <fieldset className="control-group" disabled={!!success}>
            <Field label="Full Name" autoComplete="name" required {...fieldProps(form, "full_name")} />
            <Field label="Email" type="email" autoComplete="email" required {...fieldProps(form, "email")} />
            <PasswordField
              purpose="new"
              label="Password"
              required
              {...fieldProps(form, "password")}
              error={undefined}
              invalid={passwordCheck.invalid}
              hint={passwordCheck.hint}
            />
            {tab === "voter" ? (
              <>
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
              </>
            ) : (
              <>
                <Field
                  label="Organization"
                  autoComplete="organization"
                  required
                  {...fieldProps(form, "organization")}
                />
                <Field
                  label="Country"
                  autoComplete="country-name"
                  required
                  {...fieldProps(form, "country")}
                />
              </>
            )}
            <button
              type="submit"
              className="btn btn-primary btn-block"
              disabled={busy || passwordCheck.problem !== null || !!success}
            >
              {busy ? "Creating Account..." : "Create Account"}
            </button>
          </fieldset>
        </form>
      </Tabs>
      <p className={styles.footer}>
        Already have an account?{" "}
        <Link to="/signin" state={location.state}>
          Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
