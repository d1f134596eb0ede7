/** Query keys a video write must refresh: the admin list and the public list. */
export const VIDEO_LIST_KEYS = ["/api/videos", "/api/videos/active"];

export const VIDEO_CATEGORY_LABELS = {
  official: "Official",
  live: "Live",
  fan: "Fan",
  documentary: "Documentary",
  interview: "Interview",
  other: "Other",
} as const;

export const VIDEO_PLACEHOLDER = "/images/video-placeholder.svg";
