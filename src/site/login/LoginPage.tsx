// Staff sign-in, styled as part of the site. On success: back to the admin page that sent
// the visitor here (?redirect=, same-site /admin paths only) or /admin.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useBackend } from "../../app/BackendContext";
import { adminReturnPath } from "../../app/loginRedirect";
import { BackendError } from "../../backend/port";
import Alert from "../components/Alert";
import { TextField } from "../components/Field";
import PageMeta from "../components/PageMeta";
import { errorText } from "../lib/errors";
import { useHydrated } from "../lib/hydration";
import { useNavigate, useSearchParams } from "../lib/siteRouter";

export default function LoginPage() {
  const { session } = useBackend();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = adminReturnPath(params.get("redirect")) ?? "/admin";
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const problemRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!email.trim()) found.email = "Įveskite el. pašto adresą";
    if (!password) found.password = "Įveskite slaptažodį";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    setProblem(null);
    try {
      await session.login(email.trim(), password);
      navigate(target, { replace: true });
    } catch (error) {
      if (error instanceof BackendError && error.status === 422) {
        setErrors({ email: error.fieldErrors.email, password: error.fieldErrors.password });
      }
      if (error instanceof BackendError && error.status === 401) setPassword("");
      setProblem(errorText(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="container login-wrap">
      <PageMeta
        title="Darbuotojų prisijungimas"
        description="Darbuotojų prisijungimas prie automobilių nuomos administravimo sistemos."
        noindex
      />
      <div className="card login-card">
        <h1>Prisijungimas</h1>
        <p className="muted">Administravimo sistema darbuotojams.</p>
        <div ref={problemRef} tabIndex={-1}>
          {problem ? <Alert tone="error">{problem}</Alert> : null}
        </div>
        <form className="form-grid" onSubmit={submit} noValidate>
          <TextField
            id="login-email"
            label="El. paštas"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <TextField
            id="login-password"
            label="Slaptažodis"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          <button type="submit" className="button button--block" disabled={!hydrated || sending}>
            {sending ? "Jungiamasi…" : "Prisijungti"}
          </button>
        </form>
      </div>
    </div>
  );
}
