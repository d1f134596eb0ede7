import { Link } from "wouter";
import type { Lyrics } from "@shared/schemas/lyrics";
import { excerpt } from "./lyrics-text";

export function LyricCard({ lyric }: { lyric: Lyrics }) {
  const meta = [lyric.albumName, lyric.releaseYear].filter(Boolean).join(" · ");
  return (
    <li className="flex flex-col border border-smoke bg-coal p-5 transition hover:border-dust">
      {meta && <p className="text-xs font-bold tracking-[0.2em] text-(--color-signal) uppercase">{meta}</p>}
      <h3 className="mt-1 font-display text-3xl leading-none uppercase">{lyric.title}</h3>
      {lyric.songName !== lyric.title && <p className="mt-1 text-sm text-dust">{lyric.songName}</p>}
      <p className="mt-4 flex-1 border-l-2 border-blood pl-3 text-[0.95rem] leading-relaxed whitespace-pre-line text-bone/80">{excerpt(lyric.lyricsText)}</p>
      <Link href={`/lyrics/${lyric.id}`} aria-label={`View Lyrics: ${lyric.title}`} className="mt-5 self-start bg-bone px-4 py-2 font-display text-lg text-ink uppercase transition hover:bg-blood hover:text-bone">
        View Lyrics
      </Link>
    </li>
  );
}
