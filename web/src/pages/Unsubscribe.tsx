// /alerts/unsubscribe/{token}, linked from every alert e-mail: a button that turns that saved search's
// alerts off (no sign-in: the token is the authority). Opening the page changes nothing by itself, so a
// mail scanner that follows the link does not unsubscribe anyone.
import { useState } from 'preact/hooks';
import { ApiError, api, P } from '../api.ts';
import { Problem, useTitle } from '../components/common.tsx';

export function Unsubscribe({ token }: { token: string }) {
  useTitle('Stop e-mail alerts');
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'unknown'>('idle');
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const unsubscribe = async () => {
    setState('sending');
    setFailure(null);
    try {
      const result = await api<{ message?: string }>(`${P}/alerts/unsubscribe/${encodeURIComponent(token)}`, {
        method: 'POST',
        anonymous: true,
      });
      setMessage(result?.message ?? 'You will get no more alerts for this saved search.');
      setState('done');
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setState('unknown');
      else {
        setFailure(err);
        setState('idle');
      }
    }
  };
  return (
    <div class="wrap narrow">
      <h1>Stop e-mail alerts</h1>
      <div role="status">
        {state === 'done' && <p class="success">{message}</p>}
        {state === 'unknown' && (
          <p class="problem">This link is not known: it may have been mistyped. You can change your alerts in your account.</p>
        )}
      </div>
      {state !== 'done' && state !== 'unknown' && (
        <>
          <p>Stop the e-mails about new homes for the saved search this link came with. The search itself stays saved.</p>
          <button type="button" class="primary" disabled={state === 'sending'} onClick={unsubscribe}>
            Stop these alerts
          </button>
        </>
      )}
      {failure ? <Problem error={failure} title="That did not work" /> : null}
      <p>
        <a href="/account/saved-searches">Your saved searches and their alerts</a>
      </p>
    </div>
  );
}
