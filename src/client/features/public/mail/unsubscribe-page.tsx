/** PLACEHOLDER (owned by the mailing-list work): /unsubscribe confirms leaving the mailing list. */
export default function UnsubscribePage() {
  return (
    <main className="mx-auto max-w-xl px-4 py-20">
      <h1 className="font-display text-5xl uppercase">Unsubscribe</h1>
    </main>
  );
}
