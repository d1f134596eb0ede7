import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";

/** 'Back' to /admin/audio (spec section 2). */
export function BackToAudio() {
  return (
    <Link href="/audio" className="mb-4 inline-flex items-center gap-1.5 text-sm text-dust hover:text-bone">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back
    </Link>
  );
}
