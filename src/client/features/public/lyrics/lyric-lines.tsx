/**
 * Lyrics as the band wrote them, line by line (issue 13): each line is its own block with a
 * hanging indent, so a line that wraps on a phone continues indented and reads as one line,
 * while a real line break starts flush left. A blank line is a stanza gap. The text content is
 * exactly the lyric (each line ends in its newline), for copying and for screen readers.
 */
export function LyricLines({ text, className }: { text: string; className?: string }) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  return (
    <div data-testid="lyrics-text" className={className}>
      {lines.map((line, i) => {
        const end = i < lines.length - 1 ? "\n" : "";
        return line.trim() ? (
          <span key={i} className="lyric-line">
            {line}
            {end}
          </span>
        ) : (
          <span key={i} className="lyric-gap" aria-hidden="true">
            {end}
          </span>
        );
      })}
    </div>
  );
}
