/** The title band at the top of /videos, /merch and /lyrics. An empty kicker or lead is left out. */
export function PageHero({ kicker, title, lead }: { kicker: string; title: string; lead?: string }) {
  return (
    <header className="halftone relative overflow-hidden border-b border-smoke">
      {/* the title again, huge and faint, bleeding off the right edge behind the content; on a
          phone the lead wraps over it, so it sits lower and fainter there, under the words */}
      <span aria-hidden="true" className="absolute -right-4 -bottom-16 font-display text-[9rem] leading-none whitespace-nowrap text-blood/[0.06] uppercase select-none sm:-bottom-12 sm:text-[15rem] sm:text-blood/10">
        {title}
      </span>
      <div className="relative mx-auto max-w-6xl px-4 pt-14 pb-10 sm:px-6 sm:pt-20 sm:pb-14">
        {kicker && <p className="tape mb-4 inline-block px-2 py-0.5 text-xs font-bold tracking-[0.2em] uppercase">{kicker}</p>}
        <h1 className="font-display text-6xl leading-[0.85] tracking-tight uppercase sm:text-8xl">{title}</h1>
        {lead && <p className="mt-4 max-w-xl text-lg text-dust">{lead}</p>}
      </div>
    </header>
  );
}
