/** PLACEHOLDER (owned by the mailing-list work): /verify-email reads email and token and verifies the subscription. */
export default function VerifyEmailPage() {
  return (
    <main className="mx-auto max-w-xl px-4 py-20">
      <h1 className="font-display text-5xl uppercase">Verify your email</h1>
    </main>
  );
}
