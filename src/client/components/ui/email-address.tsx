import { Fragment } from "react";

/**
 * An e-mail address that wraps where a reader expects (before the '@', after a dot) instead of
 * mid-word (issue 21: 'jamie.hollo|well@...'); a part still too long for the line breaks anywhere.
 */
export function EmailAddress({
  address,
  className,
}: {
  address: string;
  className?: string;
}) {
  const parts = address.split(/(?=@)|(?<=\.)/);
  return (
    <span className={`[overflow-wrap:anywhere] ${className ?? ""}`}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
