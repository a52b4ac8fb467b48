// Signing up and in: by a magic link sent by e-mail (passwordless-access registers a newcomer) or by
// password. The link points back at the portal (/sign-in/link/{id}/{token}), which exchanges it for
// tokens. Where the customer was going is kept until then.
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { ApiError, api, P, type Schemas } from '../api.ts';
import { session } from '../session.ts';
import { Loading, Problem, useTitle } from '../components/common.tsx';
import { ErrorSummary, summaryErrors, type SummaryError } from '../components/ErrorSummary.tsx';
import { fieldSentence } from '../messages.ts';
import { notice } from '../notice.ts';
import { mailDelivery, mailbox } from '../settings.ts';

const NEXT_KEY = 'portal.next';

/** A form's action: busy while it runs, and what went wrong, shown until the next try. */
function useRun() {
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, run };
}

/** a field's problem in a failed request, as a sentence (a 422's message for that parameter) */
const fieldProblem = (failure: unknown, name: string) =>
  failure instanceof ApiError ? fieldSentence(name, failure.errors[name]) : undefined;

/** The error of a field, under its label's control, and the attributes that tie it to the control. */
function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p class="field-error" id={`${id}-error`}>
      {text}
    </p>
  ) : null;
}
const invalid = (id: string, text: string | undefined, hint?: string) => ({
  'aria-invalid': text ? true : undefined,
  'aria-describedby': [hint, text ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
});

function EmailField({ id, value, onInput, error }: { id: string; value: string; onInput: (email: string) => void; error?: string }) {
  return (
    <div class="field">
      <label for={id}>Email address</label>
      <input
        id={id}
        type="email"
        autocomplete="email"
        required
        {...invalid(id, error)}
        value={value}
        onInput={(e) => onInput((e.target as HTMLInputElement).value)}
      />
      <FieldError id={id} text={error} />
    </div>
  );
}

/**
 * A link that did not work: a 404 is a link used already or past its time (the API does not tell
 * which), said so, with the way to a new one; anything else as its problem.
 */
function LinkProblem({ failure, title, again, againText }: { failure: unknown; title: string; again: string; againText: string }) {
  if (failure instanceof ApiError && failure.status === 404) {
    return (
      <div class="problem" role="alert">
        <strong>{title}</strong>
        <p>This link was used already or has expired: a link works once, for 30 minutes.</p>
        <p>
          <a href={again}>{againText}</a>
        </p>
      </div>
    );
  }
  return (
    <>
      <Problem error={failure} title={title} />
      <p>
        A link works once, for 30 minutes. <a href={again}>{againText}</a>.
      </p>
    </>
  );
}

/** only the portal's own pages */
const safeNext = (next: string | undefined) => (next && next.startsWith('/') && !next.startsWith('//') ? next : '/account');

export function SignIn() {
  useTitle('Sign in');
  const { query, route } = useLocation();
  const next = safeNext(query.next);
  const [mode, setMode] = useState<'link' | 'password' | 'register'>('link');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<Schemas['LinkSent'] | null>(null);
  const { busy, failure, setFailure, run } = useRun();

  /** `said`: a message for the page the customer goes on to */
  const login = async (said?: string) => {
    const tokens = await api<Schemas['LoginTokens']>(`${P}/password-login`, { method: 'POST', body: { email, password }, anonymous: true });
    session.set({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresAt: tokens.expires_at });
    if (said) notice.set(said);
    route(next);
  };

  const submit = (e: Event) => {
    e.preventDefault();
    if (mode === 'link') {
      return run(async () => {
        localStorage.setItem(NEXT_KEY, next);
        setSent(
          await api<Schemas['LinkSent']>(`${P}/passwordless-access`, {
            method: 'POST',
            body: { email, url: `${location.origin}/sign-in/link` },
            anonymous: true,
          }),
        );
      });
    }
    if (mode === 'register') {
      return run(async () => {
        // the service mails a link to confirm the address, pointing back at this portal's link page
        await api(`${P}/password-register`, {
          method: 'POST',
          body: { email, password, url: `${location.origin}/sign-in/link` },
          anonymous: true,
        });
        await login(confirmationSentText(email));
      });
    }
    return run(() => login());
  };

  // the summary's links go to the fields; a wrong email or password to the email address
  const errors: SummaryError[] =
    failure instanceof ApiError && failure.status === 401
      ? [{ text: 'The email address or the password is not right.', field: 'email' }]
      : summaryErrors(failure, (name) => (name === 'email' || (name === 'password' && mode !== 'link') ? name : undefined));
  const emailError = fieldProblem(failure, 'email');
  const passwordError = mode === 'link' ? undefined : fieldProblem(failure, 'password');

  const tab = (value: typeof mode, text: string) => (
    <label class="choice inline">
      <input type="radio" name="sign-in-mode" checked={mode === value} onChange={() => (setMode(value), setSent(null), setFailure(null))} />
      {text}
    </label>
  );

  return (
    <div class="wrap narrow">
      <h1>Sign in or create an account</h1>
      <form class="panel" onSubmit={submit} noValidate>
        <ErrorSummary errors={errors} shown={failure} />
        <fieldset class="field">
          <legend>How would you like to sign in?</legend>
          {tab('link', 'Email me a sign-in link')}
          {tab('password', 'With my password')}
          {tab('register', 'Create an account with a password')}
        </fieldset>
        <EmailField id="email" value={email} onInput={setEmail} error={emailError} />
        {mode !== 'link' && (
          <div class="field">
            <label for="password">Password</label>
            <input
              id="password"
              type="password"
              autocomplete={mode === 'register' ? 'new-password' : 'current-password'}
              minLength={mode === 'register' ? 6 : undefined}
              required
              {...invalid('password', passwordError, mode === 'register' ? 'password-hint' : undefined)}
              value={password}
              onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
            />
            {mode === 'register' && (
              <p class="hint" id="password-hint">
                At least 6 characters, and not one of the most common passwords.
              </p>
            )}
            <FieldError id="password" text={passwordError} />
            {mode === 'password' && (
              <p class="forgot">
                <a href={`/sign-in/forgot-password${email ? `?email=${encodeURIComponent(email)}` : ''}`}>Forgot password?</a>
              </p>
            )}
          </div>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {mode === 'link' ? 'Email me a link' : mode === 'register' ? 'Create account' : 'Sign in'}
        </button>
      </form>
      {sent && <LinkSentPanel email={email} magicLink={sent.magicLink} />}
    </div>
  );
}

/** Said on the page a new password account goes on to: where the link to confirm its address went. */
function confirmationSentText(email: string): string {
  if (mailDelivery === 'not-sent')
    return `You are signed in. This is a test environment: no e-mail is sent to ${email}, where the link to confirm your email address would go.`;
  if (mailDelivery === 'local-mailbox')
    return `You are signed in. The e-mail to ${email} with a link to confirm your email address is kept in the local mailbox of this development machine (${mailbox}).`;
  return `You are signed in. We sent a link to ${email} to confirm your email address: open it to prove the address is yours.`;
}

/**
 * What happened to the link, as this environment does it (the service says so in the page, settings.ts):
 * e-mailed; kept in the local mailbox of a development machine; or, in a test environment, not sent at
 * all (the response carries the link instead).
 */
function LinkSentPanel({ email, magicLink }: { email: string; magicLink: string | undefined }) {
  const testLink = magicLink && (
    <p>
      Test environment: <a href={magicLink}>open the sign-in link</a>
    </p>
  );
  if (mailDelivery === 'not-sent') {
    return (
      <div class="panel success" role="status">
        <h2>Your sign-in link is ready</h2>
        <p>This is a test environment: no e-mail is sent to {email}. The link works once, for 30 minutes.</p>
        {testLink}
      </div>
    );
  }
  if (mailDelivery === 'local-mailbox') {
    return (
      <div class="panel success" role="status">
        <h2>Check the local mailbox</h2>
        <p>
          This service runs on a development machine: the e-mail to {email} is kept in its local mailbox at <a href={mailbox}>{mailbox}</a>,
          not sent. The link works once, for 30 minutes.
        </p>
        {testLink}
      </div>
    );
  }
  return (
    <div class="panel success" role="status">
      <h2>Check your email</h2>
      <p>We sent a sign-in link to {email}. It works once, for 30 minutes.</p>
      {testLink}
    </div>
  );
}

export function MagicLink({ id, token }: { id: string; token: string }) {
  useTitle('Signing in');
  const { route } = useLocation();
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    api<Schemas['AccessToken']>(`${P}/auth-token/${encodeURIComponent(id)}/${encodeURIComponent(token)}`, { anonymous: true }).then(
      (tokens) => {
        session.set({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt });
        const next = safeNext(localStorage.getItem(NEXT_KEY) ?? undefined);
        localStorage.removeItem(NEXT_KEY);
        route(next, true);
      },
      setFailure,
    );
  }, [id, token]);
  return (
    <div class="wrap narrow">
      <h1>Signing you in</h1>
      {failure ? (
        <LinkProblem
          failure={failure}
          title="This sign-in link does not work any more"
          again="/sign-in"
          againText="Send me a new sign-in link"
        />
      ) : (
        <Loading what="Signing you in" />
      )}
    </div>
  );
}

/** /sign-in/forgot-password: asks for the e-mail address and sends the reset link (forgot-password). */
export function ForgotPassword() {
  useTitle('Reset your password');
  const { query } = useLocation();
  const [email, setEmail] = useState(query.email ?? '');
  const [sent, setSent] = useState<Schemas['LinkSent'] | null>(null);
  const { busy, failure, run } = useRun();
  const submit = (e: Event) => {
    e.preventDefault();
    return run(async () =>
      setSent(
        await api<Schemas['LinkSent']>(`${P}/forgot-password`, {
          method: 'POST',
          body: { email, url: `${location.origin}/sign-in/reset-password` },
          anonymous: true,
        }),
      ),
    );
  };
  return (
    <div class="wrap narrow">
      <h1>Reset your password</h1>
      <form class="panel" onSubmit={submit} noValidate>
        <ErrorSummary errors={summaryErrors(failure, (name) => (name === 'email' ? 'forgot-email' : undefined))} shown={failure} />
        <p>Give the e-mail address of your account: we send a link to choose a new password there.</p>
        <EmailField id="forgot-email" value={email} onInput={setEmail} error={fieldProblem(failure, 'email')} />
        <button type="submit" class="primary" disabled={busy}>
          Send me a reset link
        </button>
      </form>
      {sent && (
        <div class="panel success" role="status">
          <h2>{mailDelivery === 'not-sent' ? 'Your reset link is ready' : 'Check your email'}</h2>
          <p>
            {mailDelivery === 'not-sent'
              ? `This is a test environment: no e-mail is sent to ${email}.`
              : mailDelivery === 'local-mailbox'
                ? `The e-mail to ${email}, if it has an account, is kept in the local mailbox of this development machine.`
                : `If ${email} has an account, we sent a link to reset its password there.`}{' '}
            The link works once, for 30 minutes.
          </p>
          {mailDelivery === 'local-mailbox' && (
            <p>
              <a href={mailbox}>Open the local mailbox</a>
            </p>
          )}
          {sent.magicLink && (
            <p>
              Test environment: <a href={sent.magicLink}>open the reset link</a>
            </p>
          )}
        </div>
      )}
      <p>
        <a href="/sign-in">Back to sign in</a>
      </p>
    </div>
  );
}

/** /sign-in/reset-password/{id}/{token}: the link of the reset e-mail; sets the new password (reset-password). */
export function ResetPassword({ id, token }: { id: string; token: string }) {
  useTitle('Choose a new password');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const { busy, failure, run } = useRun();
  // the link itself failed (used, expired, or the account disabled), not the password chosen
  const linkFailed = !!failure && !(failure instanceof ApiError && failure.status === 422);
  const passwordError = fieldProblem(failure, 'newPassword');
  const submit = (e: Event) => {
    e.preventDefault();
    return run(async () => {
      await api(`${P}/reset-password/${encodeURIComponent(id)}/${encodeURIComponent(token)}`, {
        method: 'POST',
        body: { newPassword: password },
        anonymous: true,
      });
      setDone(true);
    });
  };
  if (done) {
    return (
      <div class="wrap narrow">
        <h1>Choose a new password</h1>
        <div class="panel success" role="status">
          <p>Your password is changed.</p>
          <p>For your safety, every session signed in to your account, on this device and on any other, has been signed out.</p>
          <p>
            <a href="/sign-in">Sign in with it</a>
          </p>
        </div>
      </div>
    );
  }
  return (
    <div class="wrap narrow">
      <h1>Choose a new password</h1>
      <form class="panel" onSubmit={submit} noValidate>
        {linkFailed ? null : (
          <ErrorSummary errors={summaryErrors(failure, (name) => (name === 'newPassword' ? 'new-password' : undefined))} shown={failure} />
        )}
        <div class="field">
          <label for="new-password">New password</label>
          <input
            id="new-password"
            type="password"
            autocomplete="new-password"
            minLength={6}
            required
            {...invalid('new-password', passwordError, 'new-password-hint')}
            value={password}
            onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
          />
          <p class="hint" id="new-password-hint">
            At least 6 characters.
          </p>
          <FieldError id="new-password" text={passwordError} />
        </div>
        {linkFailed ? (
          <LinkProblem
            failure={failure}
            title="The password was not changed"
            again="/sign-in/forgot-password"
            againText="Send me a new reset link"
          />
        ) : null}
        <button type="submit" class="primary" disabled={busy}>
          Change my password
        </button>
      </form>
    </div>
  );
}
