import { useEffect, useRef, useState } from "react";
import { loadEmbed } from "./embed-scripts";

type Link = { icon: string; url: string; name: string };

/** Instagram posts and X timelines can be embedded; profiles elsewhere stay plain links. */
const instagramPost = (url: string) => /instagram\.com\/(p|reel)\/[\w-]+/i.test(url);
const twitterProfile = (url: string) => /^https?:\/\/(www\.)?(twitter|x)\.com\/\w+\/?$/i.test(url);

/**
 * The feeds: nothing third-party loads until the section is close to the viewport
 * (IntersectionObserver), and never on /admin pages (the caller checks, and loadEmbed again).
 */
export function SocialEmbeds({ links }: { links: Link[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const instagram = links.find((l) => l.icon === "instagram" && instagramPost(l.url));
  const twitter = links.find((l) => l.icon === "twitter" && twitterProfile(l.url));

  useEffect(() => {
    const el = ref.current;
    if (!el || near || (!instagram && !twitter)) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: "300px" });
    io.observe(el);
    return () => io.disconnect();
  }, [near, instagram, twitter]);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    const opts = { isCancelled: () => cancelled };
    if (instagram) loadEmbed("instagram", ref.current ?? undefined, opts);
    if (twitter) loadEmbed("twitter", ref.current ?? undefined, opts);
    return () => {
      cancelled = true;
    };
  }, [near, instagram, twitter]);

  if (!instagram && !twitter) return null;
  return (
    <div ref={ref} data-social-embeds={near ? "loaded" : "waiting"} className="mt-10 grid gap-6 md:grid-cols-2">
      {near && instagram && (
        <blockquote className="instagram-media m-0! w-full! max-w-none! min-w-0!" data-instgrm-permalink={instagram.url} data-instgrm-version="14">
          <a href={instagram.url} target="_blank" rel="noopener noreferrer">View this post on Instagram</a>
        </blockquote>
      )}
      {near && twitter && (
        <a className="twitter-timeline" data-theme="dark" data-height="520" href={twitter.url}>
          Posts by {twitter.name}
        </a>
      )}
    </div>
  );
}
