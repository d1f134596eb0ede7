/** How the admin shows a video's category. */
export const VIDEO_CATEGORY_LABELS = {
  official: "Official",
  live: "Live",
  fan: "Fan",
  documentary: "Documentary",
  interview: "Interview",
  other: "Other",
} as const;

export const VIDEO_PLACEHOLDER = "/images/video-placeholder.svg";
