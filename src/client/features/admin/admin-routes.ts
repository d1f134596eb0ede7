import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * Every admin page of spec section 2, each its own lazy chunk. Paths are relative to /admin.
 * A resource folder owns its pages; this table only says where they live.
 */
export interface AdminRoute {
  path: string;
  /** the document title's page part ('Shows' -> 'Shows · Admin · <band>'), set by admin-app */
  title: string;
  page: LazyExoticComponent<ComponentType<{ params: Record<string, string | undefined> }>>;
}

const page = (load: () => Promise<{ default: ComponentType<any> }>) => lazy(load);

export const adminRoutes: AdminRoute[] = [
  { path: "/", title: "Dashboard", page: page(() => import("./dashboard/dashboard-page")) },
  { path: "/insights", title: "Insights", page: page(() => import("./insights/insights-page")) },
  { path: "/shows", title: "Shows", page: page(() => import("./shows/shows-page")) },
  { path: "/shows/add", title: "Add Show", page: page(() => import("./shows/show-form-page")) },
  { path: "/shows/edit/:id", title: "Edit Show", page: page(() => import("./shows/show-form-page")) },
  { path: "/merchandise", title: "Merchandise", page: page(() => import("./merchandise/merchandise-page")) },
  { path: "/merchandise/add", title: "Add Merchandise", page: page(() => import("./merchandise/merchandise-form-page")) },
  { path: "/merchandise/edit/:id", title: "Edit Merchandise", page: page(() => import("./merchandise/merchandise-form-page")) },
  { path: "/audio", title: "Audio", page: page(() => import("./audio/audio-page")) },
  { path: "/audio/add", title: "Add Audio", page: page(() => import("./audio/audio-add-page")) },
  { path: "/audio/edit/:id", title: "Edit Audio", page: page(() => import("./audio/audio-edit-page")) },
  { path: "/releases", title: "Releases", page: page(() => import("./releases/releases-page")) },
  { path: "/releases/add", title: "Add Release", page: page(() => import("./releases/release-form-page")) },
  { path: "/releases/edit/:id", title: "Edit Release", page: page(() => import("./releases/release-form-page")) },
  { path: "/videos", title: "Videos", page: page(() => import("./videos/videos-page")) },
  { path: "/videos/add", title: "Add Video", page: page(() => import("./videos/video-form-page")) },
  { path: "/videos/edit/:id", title: "Edit Video", page: page(() => import("./videos/video-form-page")) },
  { path: "/lyrics", title: "Lyrics", page: page(() => import("./lyrics/lyrics-page")) },
  { path: "/lyrics/add", title: "Add Lyrics", page: page(() => import("./lyrics/lyrics-form-page")) },
  { path: "/lyrics/auto-add", title: "Auto-Add Homepage Lyrics", page: page(() => import("./lyrics/lyrics-auto-add-page")) },
  { path: "/lyrics/edit/:id", title: "Edit Lyrics", page: page(() => import("./lyrics/lyrics-form-page")) },
  { path: "/band-members", title: "Band Members", page: page(() => import("./band-members/band-members-page")) },
  { path: "/band-members/add", title: "Add Band Member", page: page(() => import("./band-members/band-member-form-page")) },
  { path: "/band-members/edit/:id", title: "Edit Band Member", page: page(() => import("./band-members/band-member-form-page")) },
  { path: "/subscribers", title: "Subscribers", page: page(() => import("./subscribers/subscribers-page")) },
  { path: "/subscribers/newsletter", title: "Newsletter", page: page(() => import("./subscribers/newsletter-page")) },
  { path: "/users", title: "Users", page: page(() => import("./users/users-page")) },
  { path: "/users/add", title: "Add User", page: page(() => import("./users/user-form-page")) },
  { path: "/users/edit/:id", title: "Edit User", page: page(() => import("./users/user-form-page")) },
  { path: "/messages", title: "Messages", page: page(() => import("./messages/messages-page")) },
  { path: "/press", title: "Press Kit", page: page(() => import("./press/press-kit-page")) },
  { path: "/press/links", title: "Private Press Links", page: page(() => import("./press/press-links-page")) },
  { path: "/settings", title: "Settings", page: page(() => import("./settings/settings-page")) },
  { path: "/settings/notifications", title: "Notifications", page: page(() => import("./notifications/notifications-page")) },
  { path: "/activity", title: "Activity", page: page(() => import("./activity/activity-page")) },
  { path: "/account", title: "My Account", page: page(() => import("./auth/account-page")) },
  { path: "/test-upload", title: "Test Upload", page: page(() => import("./test-upload/test-upload-page")) },
];
