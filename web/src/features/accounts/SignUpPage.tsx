import { type FormEvent, useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { accountsEndpoints, DEFAULT_ID_TYPE, ID_TYPES, PASSWORD_MAX } from "../../../../contract/accounts";
import { messages } from "../../../../contract/messages";
import { call } from "../../api/client";
import { ApiError } from "../../api/http";
import { Field, SelectField } from "../../ui/Field";
import { type TabDef, Tabs } from "../../ui/Tabs";
import { AuthCard } from "./AuthCard";
import { isPasswordMessage, usePasswordProblem } from "./usePasswordProblem";

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
  id_type: DEFAULT_ID_TYPE as string,
  id_number: "",
  organization: "",
  country: "",
};

export default function SignUpPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [tab, setTab] = useState<Tab>("voter");
  const [form, setForm] = useState(emptyForm);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  // The server's word on the password (its list is the authority), kept until the password changes.
  const [passwordRefused, setPasswordRefused] = useState<{ password: string; message: string } | null>(null);

  useEffect(() => {
    if (!success) return;
    // The invite flow's state (returnTo) travels on to the sign-in page.
    const timer = setTimeout(() => navigate("/signin", { state: location.state }), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [success, navigate, location.state]);

  const set = (key: keyof typeof emptyForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const passwordCheck = usePasswordProblem(
    form.password,
    passwordRefused?.password === form.password ? passwordRefused.message : null,
  );
  const passwordValid = passwordCheck.problem === null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (passwordCheck.problem) {
      setError(passwordCheck.problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const common = { full_name: form.full_name, email: form.email, password: form.password };
      const result =
        tab === "voter"
          ? await call(accountsEndpoints.registerVoter, {
              body: {
                ...common,
                phone_number: form.phone_number,
                id_type: form.id_type as (typeof ID_TYPES)[number],
                id_number: form.id_number,
              },
            })
          : await call(accountsEndpoints.registerOrganization, {
              body: {
                ...common,
                organization: form.organization,
                country: form.country,
              },
            });
      setSuccess(result.message || messages.accountCreated);
      setForm(emptyForm);
    } catch (failure) {
      if (failure instanceof ApiError && isPasswordMessage(failure.message))
        setPasswordRefused({ password: form.password, message: failure.message });
      if (failure instanceof ApiError) setError(failure.message || messages.registrationFailed);
      else
        setError(
          messages.signupError + (failure instanceof Error ? failure.message : messages.registrationFailed),
        );
    } finally {
      setBusy(false);
    }
  }

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
          setError(null);
        }}
        label="Account type"
        look="segmented"
      >
        {success && (
          <div className="alert alert-success" role="status">
            {success}
          </div>
        )}
        {error && (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        )}
        <form onSubmit={submit} noValidate>
          <Field
            label="Full Name"
            name="full_name"
            autoComplete="name"
            required
            value={form.full_name}
            onChange={(e) => set("full_name")(e.target.value)}
          />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={(e) => set("email")(e.target.value)}
          />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            value={form.password}
            onChange={(e) => set("password")(e.target.value)}
            invalid={passwordCheck.invalid}
            hint={passwordCheck.hint}
          />
          {tab === "voter" ? (
            <>
              <Field
                label="Phone Number"
                name="phone_number"
                type="tel"
                autoComplete="tel"
                required
                value={form.phone_number}
                onChange={(e) => set("phone_number")(e.target.value)}
              />
              <SelectField
                label="ID Type"
                name="id_type"
                value={form.id_type}
                options={ID_TYPES}
                onChange={set("id_type")}
              />
              <Field
                label="ID Number"
                name="id_number"
                required
                value={form.id_number}
                onChange={(e) => set("id_number")(e.target.value)}
              />
            </>
          ) : (
            <>
              <Field
                label="Organization"
                name="organization"
                autoComplete="organization"
                required
                value={form.organization}
                onChange={(e) => set("organization")(e.target.value)}
              />
              <Field
                label="Country"
                name="country"
                autoComplete="country-name"
                required
                value={form.country}
                onChange={(e) => set("country")(e.target.value)}
              />
            </>
          )}
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={busy || !passwordValid || !!success}
          >
            {busy ? "Creating Account..." : "Create Account"}
          </button>
        </form>
      </Tabs>
      <p className="auth-footer">
        Already have an account?{" "}
        <Link to="/signin" state={location.state}>
          Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
