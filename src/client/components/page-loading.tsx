export function PageLoading() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] items-center justify-center text-dust">
      <span className="h-6 w-6 animate-spin rounded-full border-2 border-dust border-t-transparent" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
