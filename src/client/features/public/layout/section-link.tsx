import type { MouseEvent, ReactNode } from "react";
import { useLocation } from "wouter";
import { scrollToSection } from "./nav-links";

/**
 * A link to a home section: on the home page it smooth-scrolls; elsewhere it goes to
 * /#section (client-side, and the home page scrolls to the hash once it renders).
 */
export function SectionLink({ id, className, children, onNavigate }: { id: string; className?: string; children: ReactNode; onNavigate?: () => void }) {
  const [location, navigate] = useLocation();
  const href = id === "home" ? "/" : `/#${id}`;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    onNavigate?.();
    if (location === "/") scrollToSection(id);
    else {
      navigate(href);
      if (id === "home") window.scrollTo({ top: 0, behavior: "instant" });
    }
  };
  return (
    <a href={href} onClick={onClick} className={className}>
      {children}
    </a>
  );
}
