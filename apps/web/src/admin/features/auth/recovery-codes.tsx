/** The ten recovery codes, shown once: the server keeps only their hashes. */
export function RecoveryCodes({ codes }: { readonly codes: readonly string[] }) {
  return (
    <section aria-labelledby="recovery-codes-heading" className="flex flex-col gap-2">
      <h2 id="recovery-codes-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        Recovery codes
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Keep these somewhere safe. Each one signs you in once if you lose your authenticator. They are shown
        only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-1 rounded-lg border border-slate-300 bg-slate-50 p-3 font-mono text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}

/** The authenticator key to type in, and the otpauth link for apps that accept one (no QR code). */
export function AuthenticatorKey({ secret, uri }: { readonly secret: string; readonly uri: string }) {
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-700 dark:text-slate-300">
      <p>
        In your authenticator app, add an account with this key (time-based, 6 digits), then enter the code it
        shows.
      </p>
      <p>
        <span className="font-medium">Setup key: </span>
        <code className="font-mono break-all text-slate-900 dark:text-slate-100" data-testid="mfa-secret">
          {secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
      </p>
      <details>
        <summary className="cursor-pointer">Setup link (otpauth URI)</summary>
        <code className="mt-1 block font-mono text-xs break-all">{uri}</code>
      </details>
    </div>
  );
}
